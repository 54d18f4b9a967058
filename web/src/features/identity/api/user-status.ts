import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { UserStatus } from '@/api/types';

/** GET /api/v4/user/status (R7.03, R8.03): account, KYC and terms status; fetched again after a 040/041. */
export function getUserStatus(signal?: AbortSignal): Promise<UserStatus> {
  return dataOf<UserStatus>(api.GET('/v4/user/status', { signal }));
}

export const userStatusQueryKey = ['user', 'status'] as const;

export function userStatusQueryOptions() {
  return queryOptions({ queryKey: userStatusQueryKey, queryFn: ({ signal }) => getUserStatus(signal), staleTime: 0 });
}

export function useUserStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userStatusQueryOptions(), enabled: options.enabled ?? true });
}
