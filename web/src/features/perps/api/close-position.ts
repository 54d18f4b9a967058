import { api, dataAs, dataOf, withPolicy } from '@/lib/api-client';
import { usePerpsMutation } from './mutation';
import type { CloseEstimate, PerpOrder } from './types';

/** GET /v1/perps/positions/close-estimate: the price, fee and profit of closing now; nothing moves. */
export function estimateClose(symbol: string): Promise<CloseEstimate> {
  return dataOf<CloseEstimate>(
    api.GET('/v1/perps/positions/close-estimate', {
      params: { query: { symbol } },
      fetch: withPolicy({ retries: 0 }),
    }),
  );
}

/** POST /v1/perps/positions/close: a reduce-only market order for the whole position. */
export function closePosition(symbol: string): Promise<PerpOrder> {
  return dataAs<PerpOrder>(api.POST('/v1/perps/positions/close', { body: { symbol } }));
}

export function useClosePosition(fallback: string) {
  return usePerpsMutation('close', closePosition, fallback);
}
