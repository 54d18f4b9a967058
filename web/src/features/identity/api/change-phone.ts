import type { OtpSent, PhoneChanged } from '@/api/types';
import { api, dataOf } from '@/lib/api-client';

/** POST /api/v1/user/phone-change/get-otp: the PIN, then a code by SMS to the NEW number. */
export function sendPhoneChangeOtp(input: { newPhone: string; pin: string }): Promise<OtpSent> {
  return dataOf<OtpSent>(api.POST('/v1/user/phone-change/get-otp', { body: input }));
}

/** POST /api/v1/user/phone-change/verify-otp: moves the account to the new number; other sessions end. */
export function verifyPhoneChangeOtp(input: { otpId: string; otp: string }): Promise<PhoneChanged> {
  return dataOf<PhoneChanged>(api.POST('/v1/user/phone-change/verify-otp', { body: input }));
}
