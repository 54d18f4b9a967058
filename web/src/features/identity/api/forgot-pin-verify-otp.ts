import { useMutation } from '@tanstack/react-query';
import type { OtpVerified } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface VerifyForgotPinOtpInput {
  otpId: string;
  code: string;
}

/** POST /api/v1/user/pin/forgot-pin/verify-otp: a right code gives the token for the PIN reset. */
export function verifyForgotPinOtp(input: VerifyForgotPinOtpInput): Promise<OtpVerified> {
  return dataOf<OtpVerified>(api.POST('/v1/user/pin/forgot-pin/verify-otp', { body: input }));
}

export function verifyForgotPinOtpMutationOptions() {
  return { mutationKey: ['auth', 'verifyForgotPinOtp'], mutationFn: verifyForgotPinOtp } as const;
}

export function useVerifyForgotPinOtp() {
  return useMutation<OtpVerified, ApiError, VerifyForgotPinOtpInput>(verifyForgotPinOtpMutationOptions());
}
