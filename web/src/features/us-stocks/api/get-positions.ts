import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { usStocksKey } from './keys';
import type { UsPosition } from './types';

/** GET /v1/us-stocks/positions: the caller's positions, one per stock and bucket. */
export function getUsPositions(signal?: AbortSignal): Promise<UsPosition[]> {
  return dataOf<UsPosition[]>(api.GET('/v1/us-stocks/positions', { signal }));
}

export function usPositionsQuery(enabled = true, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: [...usStocksKey, 'positions'],
    queryFn: ({ signal }) => getUsPositions(signal),
    enabled,
    refetchInterval,
  });
}

export function useUsPositions(enabled = true, refetchInterval: number | false = false) {
  return useQuery(usPositionsQuery(enabled, refetchInterval));
}
