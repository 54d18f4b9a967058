import { useMutation } from '@tanstack/react-query';
import type { LoggedIn } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface VerifyLoginPinInput {
  verificationToken: string;
  pin: string;
}

/** POST /api/v1/user/pin/verify-pin with a verification token: ends log-in (400 pin_wrong with tries left, pin_locked). */
export function verifyLoginPin(input: VerifyLoginPinInput): Promise<LoggedIn> {
  return dataOf<LoggedIn>(api.POST('/v1/user/pin/verify-pin', { body: input }));
}

export function verifyLoginPinMutationOptions() {
  return { mutationKey: ['auth', 'verifyLoginPin'], mutationFn: verifyLoginPin } as const;
}

export function useVerifyLoginPin() {
  return useMutation<LoggedIn, ApiError, VerifyLoginPinInput>(verifyLoginPinMutationOptions());
}
