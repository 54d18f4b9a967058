import { apiPaths } from '@/config/paths';
import type { ReferralValid } from '@/api/types';
import { apiClient } from '@/lib/api-client';

/** POST /api/v1/user/signup/verify-referral: whose code it is (masked), or 400 with the server's reason. */
export function verifyReferral(input: { referralCode: string; phone?: string }): Promise<ReferralValid> {
  return apiClient.post<ReferralValid>(apiPaths.verifyReferral, input);
}
