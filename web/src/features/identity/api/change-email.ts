import type { EmailOtpSent, EmailVerified, UpdateUserDataRequest, UserDetails } from '@/api/types';
import { api, dataOf } from '@/lib/api-client';

/** POST /api/v1/user/email-change/get-otp: a code to the new address, once the PIN is right. */
export function sendEmailChangeOtp(input: { email: string; pin: string }): Promise<EmailOtpSent> {
  return dataOf<EmailOtpSent>(api.POST('/v1/user/email-change/get-otp', { body: input }));
}

/** POST /api/v1/user/email-change/verify-otp: the single-use change token for update-user-data. */
export function verifyEmailChangeOtp(input: { otpId: string; otp: string }): Promise<EmailVerified> {
  return dataOf<EmailVerified>(api.POST('/v1/user/email-change/verify-otp', { body: input }));
}

/** POST /api/v1/user/update-user-data: a verified e-mail and/or optional profile data; answers the user. */
export function updateUserData(input: UpdateUserDataRequest): Promise<UserDetails> {
  return dataOf<UserDetails>(api.POST('/v1/user/update-user-data', { body: input }));
}
