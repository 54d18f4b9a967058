import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletApi } from './paths';
import type { TopupMethod } from './types';

/** GET /api/v1/wallet/topup-methods: virtual accounts, e-wallets and QRIS, in display order. */
export function getTopupMethods(signal?: AbortSignal): Promise<TopupMethod[]> {
  return apiClient.get<TopupMethod[]>(walletApi.topupMethods, { signal });
}

export function topupMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'topup-methods'],
    queryFn: ({ signal }) => getTopupMethods(signal),
    staleTime: 10 * 60_000,
  });
}

export function useTopupMethods() {
  return useQuery(topupMethodsQueryOptions());
}
