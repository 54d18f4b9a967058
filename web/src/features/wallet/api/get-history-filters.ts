import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletApi } from './paths';
import type { HistoryFilters } from './types';

/** GET /api/v1/wallet/transaction-history/filters: the kinds, wallets and assets to filter by, named in the caller's language. */
export function getHistoryFilters(signal?: AbortSignal): Promise<HistoryFilters> {
  return apiClient.get<HistoryFilters>(walletApi.historyFilters, { signal });
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
