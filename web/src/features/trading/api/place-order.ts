import { api, dataOf } from '@/lib/api-client';
import { useTradingMutation } from './trading-mutation';
import type { OrderRequest, OrderView, Side } from './types';

/** POST /v1/crypto/buy or /sell. */
export function placeOrder(side: Side, order: OrderRequest): Promise<OrderView> {
  return dataOf<OrderView>(
    side === 'BUY' ? api.POST('/v1/crypto/buy', { body: order }) : api.POST('/v1/crypto/sell', { body: order }),
  );
}

export function usePlaceOrder(fallback: string) {
  return useTradingMutation(
    'place',
    (input: { side: Side; order: OrderRequest }) => placeOrder(input.side, input.order),
    fallback,
  );
}
