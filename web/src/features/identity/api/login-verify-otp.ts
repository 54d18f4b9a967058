import { useMutation } from '@tanstack/react-query';
import type { OtpVerified } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface VerifyLoginOtpInput {
  otpId: string;
  code: string;
}

/** POST /api/v1/user/login/verify-otp: a right code gives the verification token for verify-pin. */
export function verifyLoginOtp(input: VerifyLoginOtpInput): Promise<OtpVerified> {
  return dataOf<OtpVerified>(api.POST('/v1/user/login/verify-otp', { body: input }));
}

export function verifyLoginOtpMutationOptions() {
  return { mutationKey: ['auth', 'verifyLoginOtp'], mutationFn: verifyLoginOtp } as const;
}

export function useVerifyLoginOtp() {
  return useMutation<OtpVerified, ApiError, VerifyLoginOtpInput>(verifyLoginOtpMutationOptions());
}
