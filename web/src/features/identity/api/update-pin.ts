import { useMutation } from '@tanstack/react-query';
import type { LoggedIn } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface UpdatePinInput {
  oldPin: string;
  newPin: string;
}

/** POST /api/v1/user/pin/update: every session ends; this device gets the new tokens. */
export function updatePin(input: UpdatePinInput): Promise<LoggedIn> {
  return dataOf<LoggedIn>(api.POST('/v1/user/pin/update', { body: input }));
}

export function useUpdatePin() {
  return useMutation<LoggedIn, ApiError, UpdatePinInput>({
    mutationKey: ['account', 'updatePin'],
    mutationFn: updatePin,
  });
}
