import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { AssetHolding, CashBalance } from './types';

/** Every portfolio query starts with this key; the user's live order and balance frames refresh it. */
export const portfolioKey = ['portfolio'] as const;

/** Without the live channels (or as a safety net), holdings are re-read this often. */
const PORTFOLIO_REFRESH_MS = 30_000;

export function holdingsQuery() {
  return queryOptions({
    queryKey: [...portfolioKey, 'holdings'],
    queryFn: ({ signal }) => dataOf<AssetHolding[]>(api.GET('/v1/portfolio/asset-holdings', { signal })),
    refetchInterval: PORTFOLIO_REFRESH_MS,
  });
}

export function cashQuery() {
  return queryOptions({
    queryKey: [...portfolioKey, 'cash'],
    queryFn: ({ signal }) => dataOf<CashBalance>(api.GET('/v1/wallet/balance', { signal })),
    refetchInterval: PORTFOLIO_REFRESH_MS,
  });
}

/** R8.09 style: a failed load shows zeros (with `failed` set for a retry), never a broken page. */
export function usePortfolio() {
  const holdings = useQuery(holdingsQuery());
  const cash = useQuery(cashQuery());
  const failed = (holdings.isError && !holdings.data) || (cash.isError && !cash.data);
  return {
    holdings: holdings.data ?? [],
    cash: cash.data?.totalBalance ?? (cash.isError ? '0.00' : null),
    loading: holdings.isPending || cash.isPending,
    failed,
    retry: () => {
      void holdings.refetch();
      void cash.refetch();
    },
  };
}
