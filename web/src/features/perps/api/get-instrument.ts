import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { perpsKeys } from './keys';
import type { PerpInstrument } from './types';

/** GET /v1/perps/instrument: rules, fees, tiers, index/mark/last and the predicted funding. */
export function getInstrument(symbol: string, signal?: AbortSignal): Promise<PerpInstrument> {
  return dataOf<PerpInstrument>(api.GET('/v1/perps/instrument', { params: { query: { symbol } }, signal }));
}

/** Read again every few seconds: the mark, the index and the funding rate move. */
export function instrumentQuery(symbol: string, enabled = true) {
  return queryOptions({
    queryKey: perpsKeys.instrument(symbol),
    queryFn: ({ signal }) => getInstrument(symbol, signal),
    enabled,
    refetchInterval: 3_000,
  });
}

export function usePerpInstrument(symbol: string, enabled = true) {
  return useQuery(instrumentQuery(symbol, enabled));
}
