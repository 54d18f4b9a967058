import { useMutation } from '@tanstack/react-query';
import type { LoggedIn } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface RegisterPinInput {
  verificationToken: string;
  pin: string;
  referralCode?: string;
}

/** POST /api/v1/user/pin/register-pin: creates the account with its PIN and opens the first session. */
export function registerPin(input: RegisterPinInput): Promise<LoggedIn> {
  return dataOf<LoggedIn>(api.POST('/v1/user/pin/register-pin', { body: input }));
}

export function registerPinMutationOptions() {
  return { mutationKey: ['auth', 'registerPin'], mutationFn: registerPin } as const;
}

export function useRegisterPin() {
  return useMutation<LoggedIn, ApiError, RegisterPinInput>(registerPinMutationOptions());
}
