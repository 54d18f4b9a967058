import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { MarginWallet } from './types';

export const marginKeys = { wallet: ['perps', 'margin-wallet'] as const };

/** GET /v1/perps/margin-wallet (R3.11). */
export function getMarginWallet(signal?: AbortSignal): Promise<MarginWallet> {
  return dataOf<MarginWallet>(api.GET('/v1/perps/margin-wallet', { signal }));
}

/** Refreshed every 10 s: positions change what is held. */
export function marginWalletQuery() {
  return queryOptions({
    queryKey: marginKeys.wallet,
    queryFn: ({ signal }) => getMarginWallet(signal),
    refetchInterval: 10_000,
  });
}

export function useMarginWallet() {
  return useQuery(marginWalletQuery());
}
