import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { usStocksKey } from './keys';
import type { CorporateAction, EpsQuarter } from './types';

/** GET /v1/us-stocks/{stockId}/earnings-per-share: eight quarters, reported against the estimate. */
export function getEarnings(stockId: string, signal?: AbortSignal): Promise<EpsQuarter[]> {
  return dataOf<EpsQuarter[]>(
    api.GET('/v1/us-stocks/{stock_id}/earnings-per-share', { params: { path: { stock_id: stockId } }, signal }),
  );
}

/** GET /v1/us-stocks/{stockId}/corporate-actions: dividends and splits. */
export function getCorporateActions(stockId: string, signal?: AbortSignal): Promise<CorporateAction[]> {
  return dataOf<CorporateAction[]>(
    api.GET('/v1/us-stocks/{stock_id}/corporate-actions', { params: { path: { stock_id: stockId } }, signal }),
  );
}

export function useEarnings(stockId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...usStocksKey, 'eps', stockId],
      queryFn: ({ signal }) => getEarnings(stockId, signal),
      staleTime: 10 * 60_000,
    }),
  );
}

export function useCorporateActions(stockId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...usStocksKey, 'corporateActions', stockId],
      queryFn: ({ signal }) => getCorporateActions(stockId, signal),
      staleTime: 10 * 60_000,
    }),
  );
}
