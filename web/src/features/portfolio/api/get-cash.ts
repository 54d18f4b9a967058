import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { PORTFOLIO_REFRESH_MS, portfolioKey } from './keys';
import type { CashBalance } from './types';

/** GET /v1/wallet/balance, read by the portfolio for its cash line. */
export function getCash(signal?: AbortSignal): Promise<CashBalance> {
  return dataOf<CashBalance>(api.GET('/v1/wallet/balance', { signal }));
}

export function cashQuery() {
  return queryOptions({
    queryKey: [...portfolioKey, 'cash'],
    queryFn: ({ signal }) => getCash(signal),
    refetchInterval: PORTFOLIO_REFRESH_MS,
  });
}

export function useCash() {
  return useQuery(cashQuery());
}
