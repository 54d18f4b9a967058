import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { TransactionDetails } from './types';

/** GET /api/v1/wallet/transactions/{id}/details-with-state-transition: every state, with its time. */
export function getTransactionDetails(id: string, signal?: AbortSignal): Promise<TransactionDetails> {
  return dataOf<TransactionDetails>(
    api.GET('/v1/wallet/transactions/{id}/details-with-state-transition', { params: { path: { id } }, signal }),
  );
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
