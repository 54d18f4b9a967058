import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import type { LoggedIn } from '@/api/types';
import { apiClient, type ApiError } from '@/lib/api-client';

export interface RegisterPinInput {
  verificationToken: string;
  pin: string;
  referralCode?: string;
}

/** POST /api/v1/user/pin/register-pin: creates the account with its PIN and opens the first session. */
export function registerPin(input: RegisterPinInput): Promise<LoggedIn> {
  return apiClient.post<LoggedIn>(apiPaths.registerPin, input);
}

export function registerPinMutationOptions() {
  return { mutationKey: ['auth', 'registerPin'], mutationFn: registerPin } as const;
}

export function useRegisterPin() {
  return useMutation<LoggedIn, ApiError, RegisterPinInput>(registerPinMutationOptions());
}
