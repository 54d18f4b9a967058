import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { walletApi } from './paths';
import type { GopayLimit } from './types';

/** GET /api/v1/wallet/gopay-limit: GoPay's own cap per transaction, shown beside its channel limits. */
export function getGopayLimit(signal?: AbortSignal): Promise<GopayLimit> {
  return apiClient.get<GopayLimit>(walletApi.gopayLimit, { signal });
}

export function useGopayLimit(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['wallet', 'gopay-limit'],
      queryFn: ({ signal }) => getGopayLimit(signal),
      enabled,
      staleTime: 10 * 60_000,
    }),
  );
}
