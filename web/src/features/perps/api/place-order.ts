import { api, dataAs } from '@/lib/api-client';
import { usePerpsMutation } from './mutation';
import type { PerpOrder, PerpOrderBody, PerpSide } from './types';

/**
 * POST /v1/perps/buy (long) or /sell (short). The client's `x-request-id`, kept across its retries,
 * makes a repeated call place the order once.
 */
export function placePerpOrder(side: PerpSide, body: PerpOrderBody): Promise<PerpOrder> {
  // dataAs: the document's `OrderView` is the crypto one (see PerpOrder).
  return dataAs<PerpOrder>(side === 'BUY' ? api.POST('/v1/perps/buy', { body }) : api.POST('/v1/perps/sell', { body }));
}

export function usePlacePerpOrder(fallback: string) {
  return usePerpsMutation(
    'place',
    (input: { side: PerpSide; body: PerpOrderBody }) => placePerpOrder(input.side, input.body),
    fallback,
  );
}
