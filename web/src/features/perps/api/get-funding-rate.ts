import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { perpsKeys } from './keys';
import type { FundingRate } from './types';

/** GET /v1/perps/funding-rate: the running interval's rate, the next instant and the last one settled. */
export function getFundingRate(symbol: string, signal?: AbortSignal): Promise<FundingRate> {
  return dataOf<FundingRate>(api.GET('/v1/perps/funding-rate', { params: { query: { symbol } }, signal }));
}

export function fundingRateQuery(symbol: string) {
  return queryOptions({
    queryKey: perpsKeys.fundingRate(symbol),
    queryFn: ({ signal }) => getFundingRate(symbol, signal),
    refetchInterval: 30_000,
  });
}

export function useFundingRate(symbol: string) {
  return useQuery(fundingRateQuery(symbol));
}
