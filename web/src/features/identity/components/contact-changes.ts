import type { QueryClient } from '@tanstack/react-query';
import type { OtpInboxTarget } from '@/api/otp-inbox';
import { meQueryKey } from '@/api/user-me';
import type { OtpChallenge } from '@/components/ui/otp-dialog';
import { normalizeEmail } from '@/lib/email';
import { normalizePhone } from '@/lib/phone';
import { sendEmailChangeOtp, updateUserData, verifyEmailChangeOtp } from '../api/change-email';
import { sendPhoneChangeOtp, verifyPhoneChangeOtp } from '../api/change-phone';
import type { NewValueField } from './new-value-dialog';
import { challengeSentNow, emailChangeProblem, phoneChangeProblem } from './profile-checks';

export type ContactKind = 'email' | 'phone';

/** What tells one contact detail's change from another's. */
export interface ContactChange {
  /** i18n prefix of the flow's texts (title, text, label, pinTitle, pinText, done, the problems). */
  texts: 'account.emailChange' | 'account.phoneChange';
  field: Omit<NewValueField, 'label' | 'hint'>;
  /** Shown under the field while it has no error. */
  hintKey?: 'auth.phoneHint';
  /** The code dialog's way back to the value, where the flow names one. */
  backKey?: 'account.emailChange.back';
  /** Why the typed value cannot be sent ('invalid', 'same'), or null. */
  problem: (typed: string, current: string | null) => 'invalid' | 'same' | null;
  /** The value as it is sent to the server. */
  normalize: (typed: string) => string;
  /** Server answers about the value typed, shown beside it rather than in the PIN dialog. */
  valueErrors: ReadonlySet<string>;
  /** The value under its name: the PIN text's parameter and the sandbox inbox's address. */
  target: (value: string) => OtpInboxTarget;
  /** Asks for a code to `value` behind the PIN. */
  send: (value: string, pin: string) => Promise<OtpChallenge>;
  /** Checks the code, saves the value and refreshes the cached user; answers the value as saved, under its name. */
  verify: (value: string, otpId: string, code: string, queryClient: QueryClient) => Promise<OtpInboxTarget>;
}

export const CONTACT_CHANGES: Record<ContactKind, ContactChange> = {
  /** Setting or changing the e-mail address; the code goes to the new address. */
  email: {
    texts: 'account.emailChange',
    field: { name: 'email', type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: 254 },
    backKey: 'account.emailChange.back',
    problem: emailChangeProblem,
    normalize: normalizeEmail,
    valueErrors: new Set(['invalid_email', 'email_same', 'email_taken']),
    target: (email) => ({ email }),
    send: async (email, pin) => {
      const sent = await sendEmailChangeOtp({ email, pin });
      return challengeSentNow(sent, sent.email);
    },
    verify: async (email, otpId, otp, queryClient) => {
      const { changeToken } = await verifyEmailChangeOtp({ otpId, otp });
      const user = await updateUserData({ email, changeToken });
      queryClient.setQueryData(meQueryKey, user);
      return { email };
    },
  },
  /** Change of mobile number; the code goes by SMS to the new number, other devices are logged out. */
  phone: {
    texts: 'account.phoneChange',
    field: { name: 'newPhone', type: 'tel', inputMode: 'tel', autoComplete: 'tel-national', maxLength: 20 },
    hintKey: 'auth.phoneHint',
    problem: (typed, current) => phoneChangeProblem(typed, current ?? ''),
    normalize: normalizePhone,
    valueErrors: new Set(['invalid_phone', 'phone_same', 'phone_taken']),
    target: (phone) => ({ phone }),
    send: async (newPhone, pin) => {
      const sent = await sendPhoneChangeOtp({ newPhone, pin });
      return challengeSentNow(sent, sent.phone);
    },
    verify: async (_phone, otpId, otp, queryClient) => {
      const changed = await verifyPhoneChangeOtp({ otpId, otp });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      return { phone: changed.phone };
    },
  },
};
