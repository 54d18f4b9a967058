import { useMutation } from '@tanstack/react-query';
import type { OtpSent } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface SendSignupOtpInput {
  phone: string;
}

/** POST /api/v1/user/signup/phone: sends a sign-up code (409 phone_registered, 429 otp_cooldown). */
export function sendSignupOtp(input: SendSignupOtpInput): Promise<OtpSent> {
  return dataOf<OtpSent>(api.POST('/v1/user/signup/phone', { body: input }));
}

export function sendSignupOtpMutationOptions() {
  return { mutationKey: ['auth', 'sendSignupOtp'], mutationFn: sendSignupOtp } as const;
}

export function useSendSignupOtp() {
  return useMutation<OtpSent, ApiError, SendSignupOtpInput>(sendSignupOtpMutationOptions());
}
