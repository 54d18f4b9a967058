import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { MarketTimes, VenueStatus } from './types';

/** GET markets/market-status: what every venue is doing now; re-read every minute. */
export function useMarketStatus() {
  return useQuery({
    queryKey: ['markets', 'market-status'],
    queryFn: ({ signal }) => dataOf<VenueStatus[]>(api.GET('/v1/markets/market-status', { signal })),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** GET markets/market-times: today's sessions of the symbol's venue (R3.14; IDSS has two). */
export function useMarketTimes(symbol: string) {
  return useQuery({
    queryKey: ['markets', 'market-times', symbol],
    queryFn: ({ signal }) =>
      dataOf<MarketTimes>(api.GET('/v1/markets/market-times', { params: { query: { symbol } }, signal })),
    staleTime: 10 * 60_000,
  });
}
