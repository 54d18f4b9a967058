import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { marketsApi } from './paths';
import type { MarketTimes, VenueStatus } from './types';

/** GET markets/market-status: what every venue is doing now; re-read every minute. */
export function useMarketStatus() {
  return useQuery({
    queryKey: ['markets', 'market-status'],
    queryFn: ({ signal }) => apiClient.get<VenueStatus[]>(marketsApi.marketStatus, { signal }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** GET markets/market-times: today's sessions of the symbol's venue (R3.14; IDSS has two). */
export function useMarketTimes(symbol: string) {
  return useQuery({
    queryKey: ['markets', 'market-times', symbol],
    queryFn: ({ signal }) => apiClient.get<MarketTimes>(marketsApi.marketTimes, { query: { symbol }, signal }),
    staleTime: 10 * 60_000,
  });
}
