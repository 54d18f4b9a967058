import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletApi } from './paths';
import type { WalletHistoryPage } from './types';

/** Wallet transactions per history page (the server allows up to 50). */
export const HISTORY_PAGE_SIZE = 20;

/** The history filters (SPEC §7: wallet and asset, and the kind); an empty value is no filter. */
export interface HistoryFilterValues {
  kind?: string | null;
  wallet?: string | null;
  asset?: string | null;
}

/** GET /api/v1/wallet/transaction-history?page=&size=&kind=&wallet=&asset=: newest first, with the paging fields. */
export function getTransactionHistory(
  page: number,
  filters: HistoryFilterValues = {},
  signal?: AbortSignal,
): Promise<WalletHistoryPage> {
  return apiClient.get<WalletHistoryPage>(walletApi.history, {
    query: { page, size: HISTORY_PAGE_SIZE, kind: filters.kind, wallet: filters.wallet, asset: filters.asset },
    signal,
    envelope: true,
  });
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
