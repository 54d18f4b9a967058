import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { WalletBalance } from './types';

/** How often an open wallet screen re-reads the balance (no balance channel on /ws yet). */
export const BALANCE_REFRESH_MS = 10_000;

/** R8.09: what a failed balance fetch shows. */
export const ZERO_BALANCE: WalletBalance = {
  cashBalance: '0.00',
  voucherBalance: '0.00',
  freeBalance: '0.00',
  totalBalance: '0.00',
  currency: 'IDR',
};

/** GET /api/v1/wallet/balance (R3.09). */
export function getBalance(signal?: AbortSignal): Promise<WalletBalance> {
  return dataOf<WalletBalance>(api.GET('/v1/wallet/balance', { signal }));
}

export const balanceQueryKey = ['wallet', 'balance'] as const;

export function balanceQueryOptions() {
  return queryOptions({
    queryKey: balanceQueryKey,
    queryFn: ({ signal }) => getBalance(signal),
    staleTime: 0,
    refetchInterval: BALANCE_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/**
 * The balance for display. R8.09: when the fetch fails the balances are zero (with `failed` set so
 * the page can offer a retry), never a broken page; a later successful refresh replaces them.
 */
export function useWalletBalance() {
  const query = useQuery(balanceQueryOptions());
  const failed = query.isError && query.data === undefined;
  return {
    balance: query.data ?? (failed ? ZERO_BALANCE : undefined),
    failed,
    loading: query.isPending,
    refetch: query.refetch,
  };
}
