import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import type { LoggedIn } from '@/api/types';
import { apiClient, type ApiError } from '@/lib/api-client';

export interface UpdatePinInput {
  oldPin: string;
  newPin: string;
}

/** POST /api/v1/user/pin/update: every session ends; this device gets the new tokens. */
export function updatePin(input: UpdatePinInput): Promise<LoggedIn> {
  return apiClient.post<LoggedIn>(apiPaths.updatePin, input);
}

export function useUpdatePin() {
  return useMutation<LoggedIn, ApiError, UpdatePinInput>({
    mutationKey: ['account', 'updatePin'],
    mutationFn: updatePin,
  });
}
