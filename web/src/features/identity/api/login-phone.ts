import { useMutation } from '@tanstack/react-query';
import type { OtpSent } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface SendLoginOtpInput {
  phone: string;
}

/** POST /api/v1/user/login/phone: sends a log-in code (404 phone_not_registered, 403 account_locked). */
export function sendLoginOtp(input: SendLoginOtpInput): Promise<OtpSent> {
  return dataOf<OtpSent>(api.POST('/v1/user/login/phone', { body: input }));
}

export function sendLoginOtpMutationOptions() {
  return { mutationKey: ['auth', 'sendLoginOtp'], mutationFn: sendLoginOtp } as const;
}

export function useSendLoginOtp() {
  return useMutation<OtpSent, ApiError, SendLoginOtpInput>(sendLoginOtpMutationOptions());
}
