import { api, dataOf } from '@/lib/api-client';
import { useTradingMutation } from './trading-mutation';
import type { OcoRequest, OrderView, Side } from './types';

/** An OCO pair; the answer is its take-profit leg (the sibling's id is in `ocoSiblingId`). */
export function placeOco(side: Side, order: OcoRequest): Promise<OrderView> {
  return dataOf<OrderView>(
    side === 'BUY'
      ? api.POST('/v1/crypto/advanced-order/buy', { body: order })
      : api.POST('/v1/crypto/advanced-order/sell', { body: order }),
  );
}

export function usePlaceOco(fallback: string) {
  return useTradingMutation(
    'oco',
    (input: { side: Side; order: OcoRequest }) => placeOco(input.side, input.order),
    fallback,
  );
}
