import type { ReferralValid } from '@/api/types';
import { api, dataOf } from '@/lib/api-client';

/** POST /api/v1/user/signup/verify-referral: whose code it is (masked), or 400 with the server's reason. */
export function verifyReferral(input: { referralCode: string; phone?: string }): Promise<ReferralValid> {
  return dataOf<ReferralValid>(api.POST('/v1/user/signup/verify-referral', { body: input }));
}
