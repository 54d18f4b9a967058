import { apiPaths } from '@/config/paths';
import type { OtpSent, PhoneChanged } from '@/api/types';
import { apiClient } from '@/lib/api-client';

/** POST /api/v1/user/phone-change/get-otp: the PIN, then a code by SMS to the NEW number. */
export function sendPhoneChangeOtp(input: { newPhone: string; pin: string }): Promise<OtpSent> {
  return apiClient.post<OtpSent>(apiPaths.phoneChangeGetOtp, input);
}

/** POST /api/v1/user/phone-change/verify-otp: moves the account to the new number; other sessions end. */
export function verifyPhoneChangeOtp(input: { otpId: string; otp: string }): Promise<PhoneChanged> {
  return apiClient.post<PhoneChanged>(apiPaths.phoneChangeVerifyOtp, input);
}
