import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, dataOf, withPolicy } from '@/lib/api-client';
import { perpsKey } from './keys';
import type { PerpEstimate, PerpOrderBody, PerpSide } from './types';

/** POST /v1/perps/estimate/{buy|sell}: price, notional, margin, fee, cost, available, liquidation after it. */
export function estimatePerpOrder(side: PerpSide, body: PerpOrderBody, signal?: AbortSignal): Promise<PerpEstimate> {
  return dataOf<PerpEstimate>(
    api.POST('/v1/perps/estimate/{side}', {
      params: { path: { side: side === 'BUY' ? 'buy' : 'sell' } },
      body,
      signal,
      fetch: withPolicy({ retries: 0 }),
    }),
  );
}

/** `leverage` is the one the server keeps (the estimate uses it): a new one prices the entry again. */
export function estimateQuery(side: PerpSide, body: PerpOrderBody, leverage: number, enabled = true) {
  return queryOptions({
    queryKey: [...perpsKey, 'estimate', side, body, leverage],
    queryFn: ({ signal }) => estimatePerpOrder(side, body, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    retry: false,
  });
}
