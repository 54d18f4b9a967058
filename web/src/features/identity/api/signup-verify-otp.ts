import { useMutation } from '@tanstack/react-query';
import type { OtpVerified } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface VerifySignupOtpInput {
  otpId: string;
  code: string;
}

/** POST /api/v1/user/signup/verify-otp: a right code gives the verification token for register-pin. */
export function verifySignupOtp(input: VerifySignupOtpInput): Promise<OtpVerified> {
  return dataOf<OtpVerified>(api.POST('/v1/user/signup/verify-otp', { body: input }));
}

export function verifySignupOtpMutationOptions() {
  return { mutationKey: ['auth', 'verifySignupOtp'], mutationFn: verifySignupOtp } as const;
}

export function useVerifySignupOtp() {
  return useMutation<OtpVerified, ApiError, VerifySignupOtpInput>(verifySignupOtpMutationOptions());
}
