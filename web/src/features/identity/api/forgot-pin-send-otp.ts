import { useMutation } from '@tanstack/react-query';
import type { OtpSent } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface SendForgotPinOtpInput {
  phone: string;
}

/** POST /api/v1/user/pin/forgot-pin/send-otp: sends a code to reset a forgotten or locked PIN. */
export function sendForgotPinOtp(input: SendForgotPinOtpInput): Promise<OtpSent> {
  return dataOf<OtpSent>(api.POST('/v1/user/pin/forgot-pin/send-otp', { body: input }));
}

export function sendForgotPinOtpMutationOptions() {
  return { mutationKey: ['auth', 'sendForgotPinOtp'], mutationFn: sendForgotPinOtp } as const;
}

export function useSendForgotPinOtp() {
  return useMutation<OtpSent, ApiError, SendForgotPinOtpInput>(sendForgotPinOtpMutationOptions());
}
