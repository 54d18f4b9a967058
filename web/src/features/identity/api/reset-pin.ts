import { useMutation } from '@tanstack/react-query';
import type { LoggedIn } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface ResetPinInput {
  verificationToken: string;
  pin: string;
}

/** POST /api/v1/user/pin/reset: sets a new PIN, ends every other session and opens one here. */
export function resetPin(input: ResetPinInput): Promise<LoggedIn> {
  return dataOf<LoggedIn>(api.POST('/v1/user/pin/reset', { body: input }));
}

export function resetPinMutationOptions() {
  return { mutationKey: ['auth', 'resetPin'], mutationFn: resetPin } as const;
}

export function useResetPin() {
  return useMutation<LoggedIn, ApiError, ResetPinInput>(resetPinMutationOptions());
}
