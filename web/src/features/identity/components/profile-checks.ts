import type { OtpChallenge } from '@/components/ui/otp-dialog';
import { isPlausibleEmail, normalizeEmail } from '@/lib/email';
import { isPlausiblePhone, normalizePhone } from '@/lib/phone';

/** Why a typed number cannot be sent, or null: the early check before the PIN is asked. */
export function phoneChangeProblem(typed: string, currentPhone: string): 'invalid' | 'same' | null {
  if (!isPlausiblePhone(typed)) return 'invalid';
  if (normalizePhone(typed) === currentPhone) return 'same';
  return null;
}

/** Why a typed address cannot be sent, or null. */
export function emailChangeProblem(typed: string, currentEmail: string | null): 'invalid' | 'same' | null {
  if (!isPlausibleEmail(typed)) return 'invalid';
  if (normalizeEmail(typed) === currentEmail) return 'same';
  return null;
}

/** The OTP dialog's view of a code just sent to `sentTo` (masked). */
export function challengeSentNow(
  sent: { otpId: string; expiresInSecs: number; resendAfterSecs: number },
  sentTo: string,
): OtpChallenge {
  return {
    otpId: sent.otpId,
    sentTo,
    expiresInSecs: sent.expiresInSecs,
    resendAfterSecs: sent.resendAfterSecs,
    sentAtMs: Date.now(),
  };
}
