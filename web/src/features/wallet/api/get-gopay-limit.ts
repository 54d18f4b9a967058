import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { GopayLimit } from './types';

/** GET /api/v1/wallet/gopay-limit: GoPay's own cap per transaction, shown beside its channel limits. */
export function getGopayLimit(signal?: AbortSignal): Promise<GopayLimit> {
  return dataOf<GopayLimit>(api.GET('/v1/wallet/gopay-limit', { signal }));
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
