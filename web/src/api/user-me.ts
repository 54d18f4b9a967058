import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { UserDetails } from './types';

/** GET /api/v3/user/me (R3.08, R7.03): the logged-in user's details. Shared by auth and account. */
export function getMe(signal?: AbortSignal): Promise<UserDetails> {
  return dataOf<UserDetails>(api.GET('/v3/user/me', { signal }));
}

export const meQueryKey = ['user', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled: options.enabled ?? true });
}
