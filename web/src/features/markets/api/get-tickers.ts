import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { AssetClass, Movers, Ticker } from './types';

/** Every ticker of a class (the largest class has about 120 instruments). */
const TICKERS_PER_CLASS_MAX = 250;
/** Gainers and losers shown a side. */
export const TOP_MOVERS_SHOWN = 5;

/** GET markets/tickers: the starting prices of a class; rows then follow `ticker:S` live. */
export function tickersQueryOptions(assetClass: AssetClass) {
  return queryOptions({
    queryKey: ['markets', 'tickers', assetClass],
    queryFn: ({ signal }) =>
      dataOf<Ticker[]>(
        api.GET('/v1/markets/tickers', {
          params: { query: { class: assetClass, limit: TICKERS_PER_CLASS_MAX } },
          signal,
        }),
      ),
    staleTime: 30_000,
  });
}

export function useTickers(assetClass: AssetClass) {
  return useQuery(tickersQueryOptions(assetClass));
}

/** GET markets/ticker: one symbol's summary. */
export function tickerQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: ['markets', 'ticker', symbol],
    queryFn: ({ signal }) => dataOf<Ticker>(api.GET('/v1/markets/ticker', { params: { query: { symbol } }, signal })),
    staleTime: 30_000,
  });
}

export function useTicker(symbol: string) {
  return useQuery(tickerQueryOptions(symbol));
}

/** GET markets/top-movers. */
export function useTopMovers(assetClass: AssetClass) {
  return useQuery({
    queryKey: ['markets', 'top-movers', assetClass],
    queryFn: ({ signal }) =>
      dataOf<Movers>(
        api.GET('/v1/markets/top-movers', {
          params: { query: { class: assetClass, limit: TOP_MOVERS_SHOWN } },
          signal,
        }),
      ),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
