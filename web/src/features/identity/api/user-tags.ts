import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { UserTags } from '@/api/types';

/** GET /api/v1/user/tags (R6.02): a user tagged `pro` is a pro user. */
export function getUserTags(signal?: AbortSignal): Promise<UserTags> {
  return dataOf<UserTags>(api.GET('/v1/user/tags', { signal }));
}

export const userTagsQueryKey = ['user', 'tags'] as const;

export function userTagsQueryOptions() {
  return queryOptions({ queryKey: userTagsQueryKey, queryFn: ({ signal }) => getUserTags(signal) });
}

export function useUserTags(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userTagsQueryOptions(), enabled: options.enabled ?? true });
}
