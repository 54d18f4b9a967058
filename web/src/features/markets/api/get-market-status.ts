import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { marketsApi } from './paths';
import type { VenueStatus } from './types';

/** GET markets/market-status: what every venue is doing now; re-read every minute. */
export function useMarketStatus() {
  return useQuery({
    queryKey: ['markets', 'market-status'],
    queryFn: ({ signal }) => apiClient.get<VenueStatus[]>(marketsApi.marketStatus, { signal }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
