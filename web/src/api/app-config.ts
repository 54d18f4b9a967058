import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { AppConfig } from './types';

/** GET /api/v1/app/config: operator settings the shell needs (theme policy, marketing links, …). */
export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return dataOf<AppConfig>(api.GET('/v1/app/config', { signal }));
}

export const appConfigQueryKey = ['app-config'] as const;

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
