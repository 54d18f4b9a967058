import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletApi } from './paths';
import type { CashoutInputVariables } from './types';

/** GET /api/v1/wallet/cashout/input-variables: minimum, maximum, fee and the auto-approval limit. */
export function getCashoutInputVariables(signal?: AbortSignal): Promise<CashoutInputVariables> {
  return apiClient.get<CashoutInputVariables>(walletApi.cashoutInputVariables, { signal });
}

export function useCashoutInputVariables() {
  return useQuery(
    queryOptions({
      queryKey: ['wallet', 'cashout', 'input-variables'],
      queryFn: ({ signal }) => getCashoutInputVariables(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
