import { api, dataAs } from '@/lib/api-client';
import { usePerpsMutation } from './mutation';
import type { PerpOrder } from './types';

/** PUT /v1/perps/orders/{id}/cancel: the hold is released; the cancelled order comes back. */
export function cancelPerpOrder(orderId: string): Promise<PerpOrder> {
  return dataAs<PerpOrder>(api.PUT('/v1/perps/orders/{id}/cancel', { params: { path: { id: orderId } } }));
}

export function useCancelPerpOrder(fallback: string) {
  return usePerpsMutation('cancel', cancelPerpOrder, fallback);
}
