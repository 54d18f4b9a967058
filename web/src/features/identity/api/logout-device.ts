import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiError } from '@/lib/api-client';
import { devicesQueryKey } from './get-devices';

/** POST /api/v1/user/devices/logout-device (R7.04): answers 204. */
export function logoutDevice(id: string): Promise<void> {
  return dataOf<void>(api.POST('/v1/user/devices/logout-device', { body: { id } }));
}

export function useLogoutDevice() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationKey: ['account', 'logoutDevice'],
    mutationFn: logoutDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
