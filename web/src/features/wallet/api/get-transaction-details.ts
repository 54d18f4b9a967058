import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletApi } from './paths';
import type { TransactionDetails } from './types';

/** GET /api/v1/wallet/transactions/{id}/details-with-state-transition: every state, with its time. */
export function getTransactionDetails(id: string, signal?: AbortSignal): Promise<TransactionDetails> {
  return apiClient.get<TransactionDetails>(walletApi.details(id), { signal });
}

export function transactionDetailsQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: ['wallet', 'details', id],
    queryFn: ({ signal }) => getTransactionDetails(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useTransactionDetails(id: string | null) {
  return useQuery(transactionDetailsQueryOptions(id));
}
