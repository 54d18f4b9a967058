import { api, dataOf } from '@/lib/api-client';
import { useTradingMutation } from './trading-mutation';
import type { OrderView } from './types';

/** POST /v1/crypto/cancel. */
export function cancelOrder(orderId: string): Promise<OrderView> {
  return dataOf<OrderView>(api.POST('/v1/crypto/cancel', { body: { orderId } }));
}

export function useCancelOrder(fallback: string) {
  return useTradingMutation('cancel', cancelOrder, fallback);
}
