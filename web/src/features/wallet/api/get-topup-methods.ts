import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { TopupMethod } from './types';

/** GET /api/v1/wallet/topup-methods: virtual accounts, e-wallets and QRIS, in display order. */
export function getTopupMethods(signal?: AbortSignal): Promise<TopupMethod[]> {
  return dataOf<TopupMethod[]>(api.GET('/v1/wallet/topup-methods', { signal }));
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
