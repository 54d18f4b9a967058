import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { AutoApprovalStatus } from './types';

/** GET /api/v1/wallet/auto-approval-status?amount=: whether this amount is paid out without a manual review. */
export function getAutoApprovalStatus(amount: string, signal?: AbortSignal): Promise<AutoApprovalStatus> {
  return dataOf<AutoApprovalStatus>(
    api.GET('/v1/wallet/auto-approval-status', { params: { query: { amount } }, signal }),
  );
}

/** `amount` null while the typed amount is not valid yet. */
export function useAutoApprovalStatus(amount: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['wallet', 'cashout', 'auto-approval', amount],
      queryFn: ({ signal }) => getAutoApprovalStatus(amount ?? '', signal),
      enabled: amount !== null,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
}
