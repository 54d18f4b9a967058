import type { components } from '@/api/schema';
import { api, dataOf } from '@/lib/api-client';
import { useUsMutation } from './mutation';

type Cancelled = components['schemas']['Cancelled'];

/** R7.13: PUT /v1/us-stocks/transaction/{id}/cancel with the stockId body (both OCO legs go together). */
export function cancelUsOrder(orderId: string, stockId: string): Promise<Cancelled> {
  return dataOf<Cancelled>(
    api.PUT('/v1/us-stocks/transaction/{id}/cancel', { params: { path: { id: orderId } }, body: { stockId } }),
  );
}

export function useCancelUsOrder(fallback: string) {
  return useUsMutation(
    'cancel',
    (input: { orderId: string; stockId: string }) => cancelUsOrder(input.orderId, input.stockId),
    fallback,
  );
}
