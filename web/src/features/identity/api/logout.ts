import { useMutation } from '@tanstack/react-query';
import { api, dataOf, withPolicy, type ApiError } from '@/lib/api-client';

/** POST /api/v3/user/logout (R7.03) with an empty body: ends this session on the server. */
export function logout(): Promise<void> {
  return dataOf<void>(api.POST('/v3/user/logout', { fetch: withPolicy({ retries: 1, sessionCall: true }) }));
}

export function logoutMutationOptions() {
  return { mutationKey: ['auth', 'logout'], mutationFn: logout } as const;
}

export function useLogout() {
  return useMutation<void, ApiError, void>(logoutMutationOptions());
}
