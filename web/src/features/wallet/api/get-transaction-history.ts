import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletApi } from './paths';
import type { WalletHistoryPage } from './types';

/** Wallet transactions per history page (the server allows up to 50). */
export const HISTORY_PAGE_SIZE = 20;

/** GET /api/v1/wallet/transaction-history?page=&size=: newest first, with the paging fields. */
export function getTransactionHistory(page: number, signal?: AbortSignal): Promise<WalletHistoryPage> {
  return apiClient.get<WalletHistoryPage>(walletApi.history, {
    query: { page, size: HISTORY_PAGE_SIZE },
    signal,
    envelope: true,
  });
}

export const historyQueryKey = ['wallet', 'history'] as const;

export function historyQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...historyQueryKey, page],
    queryFn: ({ signal }) => getTransactionHistory(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useTransactionHistory(page: number) {
  return useQuery(historyQueryOptions(page));
}
