import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { usdKeys } from './usd-keys';
import type { UsdBucket, UsdWalletBalance } from './usd-types';

const ZERO_BUCKET = (leverage: number): UsdBucket => ({
  usdCash: '0.00',
  usdMargin: '0.00',
  idrCash: '0.00',
  buyingPower: '0.00',
  usdIdrPrice: '1',
  leverage,
});

/** R8.09: what a failed USD balance fetch shows. */
export const ZERO_USD_BALANCE: UsdWalletBalance = {
  gssKycStatus: 'UNVERIFIED',
  paln: ZERO_BUCKET(1),
  leverage: ZERO_BUCKET(2),
  intraday: ZERO_BUCKET(4),
};

/** GET /v1/wallet/usd/balance: the three USD buckets and the US-stock verification status. */
export function getUsdBalance(signal?: AbortSignal): Promise<UsdWalletBalance> {
  return dataOf<UsdWalletBalance>(api.GET('/v1/wallet/usd/balance', { signal }));
}

export function usdBalanceQuery() {
  return queryOptions({
    queryKey: usdKeys.balance,
    queryFn: ({ signal }) => getUsdBalance(signal),
    refetchInterval: 10_000,
  });
}

/** The three USD buckets; zero (with `failed`) when the fetch fails (R8.09). */
export function useUsdBalance() {
  const query = useQuery(usdBalanceQuery());
  const failed = query.isError && query.data === undefined;
  return { balance: query.data ?? (failed ? ZERO_USD_BALANCE : undefined), failed, refetch: query.refetch };
}
