import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { usStocksKey } from './keys';
import type { StockDescription } from './types';

/** GET /v1/us-stocks/{stockId}/description: name, touch, the session now and next, options, fees. */
export function getDescription(stockId: string, signal?: AbortSignal): Promise<StockDescription> {
  return dataOf<StockDescription>(
    api.GET('/v1/us-stocks/{stock_id}/description', { params: { path: { stock_id: stockId } }, signal }),
  );
}

/** Refreshed while shown: the touch moves and the session changes. */
export function descriptionQuery(stockId: string, enabled = true) {
  return queryOptions({
    queryKey: [...usStocksKey, 'description', stockId],
    queryFn: ({ signal }) => getDescription(stockId, signal),
    enabled,
    refetchInterval: 5_000,
  });
}

export function useDescription(stockId: string, enabled = true) {
  return useQuery(descriptionQuery(stockId, enabled));
}
