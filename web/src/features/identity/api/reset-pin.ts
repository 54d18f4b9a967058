import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import type { LoggedIn } from '@/api/types';
import { apiClient, type ApiError } from '@/lib/api-client';

export interface ResetPinInput {
  verificationToken: string;
  pin: string;
}

/** POST /api/v1/user/pin/reset: sets a new PIN, ends every other session and opens one here. */
export function resetPin(input: ResetPinInput): Promise<LoggedIn> {
  return apiClient.post<LoggedIn>(apiPaths.resetPin, input);
}

export function resetPinMutationOptions() {
  return { mutationKey: ['auth', 'resetPin'], mutationFn: resetPin } as const;
}

export function useResetPin() {
  return useMutation<LoggedIn, ApiError, ResetPinInput>(resetPinMutationOptions());
}
