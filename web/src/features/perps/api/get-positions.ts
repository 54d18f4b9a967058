import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { perpsKeys } from './keys';
import type { PerpPositions } from './types';

/** GET /v1/perps/positions: the margin wallet marked to market and every open position. */
export function getPerpPositions(signal?: AbortSignal): Promise<PerpPositions> {
  return dataOf<PerpPositions>(api.GET('/v1/perps/positions', { signal }));
}

/** Without the live channel (which writes its frames into this query) it is polled. */
export function perpPositionsQuery(enabled = true, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: perpsKeys.positions,
    queryFn: ({ signal }) => getPerpPositions(signal),
    enabled,
    refetchInterval,
  });
}

export function usePerpPositions(enabled = true, refetchInterval: number | false = false) {
  return useQuery(perpPositionsQuery(enabled, refetchInterval));
}
