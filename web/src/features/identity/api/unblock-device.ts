import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiError } from '@/lib/api-client';
import { devicesQueryKey } from './get-devices';

/** POST /api/v1/user/devices/unblock-device (R7.04): answers 204. */
export function unblockDevice(id: string): Promise<void> {
  return dataOf<void>(api.POST('/v1/user/devices/unblock-device', { body: { id } }));
}

export function useUnblockDevice() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationKey: ['account', 'unblockDevice'],
    mutationFn: unblockDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
