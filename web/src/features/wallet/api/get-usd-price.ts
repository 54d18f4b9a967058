import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { usdKeys } from './usd-keys';
import type { UsdPrice } from './usd-types';

/** GET /v1/wallet/usd/price/current: the USD/IDR buy and sell rates with the spread. */
export function getUsdPrice(signal?: AbortSignal): Promise<UsdPrice> {
  return dataOf<UsdPrice>(api.GET('/v1/wallet/usd/price/current', { signal }));
}

/** Refreshed every 10 s. */
export function usdPriceQuery() {
  return queryOptions({
    queryKey: usdKeys.price,
    queryFn: ({ signal }) => getUsdPrice(signal),
    refetchInterval: 10_000,
  });
}

export function useUsdPrice() {
  return useQuery(usdPriceQuery());
}
