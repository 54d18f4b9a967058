import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { usdBalanceKey } from './keys';
import type { UsdWalletBalance } from './types';

/** GET /v1/wallet/usd/balance: the three buckets (R3.10) and gssKycStatus (R6.03). */
export function getUsdBalance(signal?: AbortSignal): Promise<UsdWalletBalance> {
  return dataOf<UsdWalletBalance>(api.GET('/v1/wallet/usd/balance', { signal }));
}

export function usdBalanceQuery(enabled = true) {
  return queryOptions({
    queryKey: usdBalanceKey,
    queryFn: ({ signal }) => getUsdBalance(signal),
    enabled,
    refetchInterval: 10_000,
  });
}

export function useUsdBalance(enabled = true) {
  return useQuery(usdBalanceQuery(enabled));
}
