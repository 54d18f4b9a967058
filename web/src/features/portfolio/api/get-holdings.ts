import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { PORTFOLIO_REFRESH_MS, portfolioKey } from './keys';
import type { AssetHolding } from './types';

/** GET /v1/portfolio/asset-holdings. */
export function getHoldings(signal?: AbortSignal): Promise<AssetHolding[]> {
  return dataOf<AssetHolding[]>(api.GET('/v1/portfolio/asset-holdings', { signal }));
}

export function holdingsQuery() {
  return queryOptions({
    queryKey: [...portfolioKey, 'holdings'],
    queryFn: ({ signal }) => getHoldings(signal),
    refetchInterval: PORTFOLIO_REFRESH_MS,
  });
}

export function useHoldings() {
  return useQuery(holdingsQuery());
}
