import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { HistoryFilters } from './types';

/** GET /api/v1/wallet/transaction-history/filters: the kinds, wallets and assets to filter by, named in the caller's language. */
export function getHistoryFilters(signal?: AbortSignal): Promise<HistoryFilters> {
  return dataOf<HistoryFilters>(api.GET('/v1/wallet/transaction-history/filters', { signal }));
}

export function useHistoryFilters() {
  return useQuery(
    queryOptions({
      queryKey: ['wallet', 'history-filters'],
      queryFn: ({ signal }) => getHistoryFilters(signal),
      staleTime: 10 * 60_000,
    }),
  );
}
