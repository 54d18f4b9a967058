import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { CashoutInputVariables } from './types';

/** GET /api/v1/wallet/cashout/input-variables: minimum, maximum, fee and the auto-approval limit. */
export function getCashoutInputVariables(signal?: AbortSignal): Promise<CashoutInputVariables> {
  return dataOf<CashoutInputVariables>(api.GET('/v1/wallet/cashout/input-variables', { signal }));
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
