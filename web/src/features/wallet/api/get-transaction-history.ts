import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { paths } from '@/api/schema';
import { api, bodyOf } from '@/lib/api-client';
import type { WalletHistoryPage } from './types';

/** Wallet transactions per history page (the server allows up to 50). */
export const HISTORY_PAGE_SIZE = 20;

/** The history filters (SPEC §7: wallet and asset, and the kind); an empty value is no filter. */
export interface HistoryFilterValues {
  kind?: string | null;
  wallet?: string | null;
  asset?: string | null;
}

type HistoryQuery = NonNullable<paths['/v1/wallet/transaction-history']['get']['parameters']['query']>;

/** GET /api/v1/wallet/transaction-history?page=&size=&kind=&wallet=&asset=: newest first, with the paging fields. */
export function getTransactionHistory(
  page: number,
  filters: HistoryFilterValues = {},
  signal?: AbortSignal,
): Promise<WalletHistoryPage> {
  return bodyOf<WalletHistoryPage>(
    api.GET('/v1/wallet/transaction-history', {
      params: {
        // The filter values are the server's own options (history/filters), so they fit its enums.
        query: {
          page,
          size: HISTORY_PAGE_SIZE,
          kind: (filters.kind ?? undefined) as HistoryQuery['kind'],
          wallet: (filters.wallet ?? undefined) as HistoryQuery['wallet'],
          asset: filters.asset ?? undefined,
        },
      },
      signal,
    }),
  );
}

export const historyQueryKey = ['wallet', 'history'] as const;

export function historyQueryOptions(page: number, filters: HistoryFilterValues = {}) {
  return queryOptions({
    queryKey: [...historyQueryKey, page, filters.kind ?? '', filters.wallet ?? '', filters.asset ?? ''],
    queryFn: ({ signal }) => getTransactionHistory(page, filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useTransactionHistory(page: number, filters: HistoryFilterValues = {}) {
  return useQuery(historyQueryOptions(page, filters));
}
