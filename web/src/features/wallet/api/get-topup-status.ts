import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { Topup } from './types';

/** While a top-up is PENDING its status is asked this often. */
export const TOPUP_POLL_MS = 3_000;

/** GET /api/v1/wallet/topup-status?id= */
export function getTopupStatus(id: string, signal?: AbortSignal): Promise<Topup> {
  return dataOf<Topup>(api.GET('/v1/wallet/topup-status', { params: { query: { id } }, signal }));
}

export const topupQueryKey = (id: string) => ['wallet', 'topup', id] as const;

/** Polled until the top-up leaves PENDING (PAID, EXPIRED or FAILED). */
export function topupStatusQueryOptions(id: string | null) {
  return queryOptions({
    queryKey: topupQueryKey(id ?? ''),
    queryFn: ({ signal }) => getTopupStatus(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' || !query.state.data ? TOPUP_POLL_MS : false),
  });
}

export function useTopupStatus(id: string | null) {
  return useQuery(topupStatusQueryOptions(id));
}
