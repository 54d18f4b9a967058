import { api, dataOf } from '@/lib/api-client';
import { useUsMutation } from './mutation';
import type { UsOrderBody, UsOrderView, UsSide } from './types';

/**
 * R4.15: leverage 2 or 4 goes to `/v1/us-stocks/leverage/buy|sell`, none to `/v1/us-stocks/buy|sell`.
 * The side and the body's leverage choose; nothing else does.
 */
export function placeUsOrder(side: UsSide, body: UsOrderBody): Promise<UsOrderView> {
  const leveraged = (body.leverage ?? 1) > 1;
  if (leveraged) {
    return dataOf<UsOrderView>(
      side === 'BUY'
        ? api.POST('/v1/us-stocks/leverage/buy', { body })
        : api.POST('/v1/us-stocks/leverage/sell', { body }),
    );
  }
  return dataOf<UsOrderView>(
    side === 'BUY' ? api.POST('/v1/us-stocks/buy', { body }) : api.POST('/v1/us-stocks/sell', { body }),
  );
}

export function usePlaceUsOrder(fallback: string) {
  return useUsMutation(
    'place',
    (input: { side: UsSide; body: UsOrderBody }) => placeUsOrder(input.side, input.body),
    fallback,
  );
}
