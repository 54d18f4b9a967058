import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, dataOf } from '@/lib/api-client';

/** A bank a cash-out can go to. */
export type Bank = components['schemas']['Bank'];

/** GET /api/v1/wallet/banks: the Indonesian banks the disbursement partner reaches. */
export function getBanks(signal?: AbortSignal): Promise<Bank[]> {
  return dataOf<Bank[]>(api.GET('/v1/wallet/banks', { signal }));
}

export function useBanks(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['wallet', 'banks'],
      queryFn: ({ signal }) => getBanks(signal),
      enabled,
      staleTime: 60 * 60_000,
    }),
  );
}
