import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { meQueryKey } from '@/api/user-me';
import { normalizeEmail } from '@/lib/email';
import { toast } from '@/lib/toast';
import { sendEmailChangeOtp, updateUserData, verifyEmailChangeOtp } from '../api/change-email';
import { ChangeContactDialog } from './change-contact-dialog';
import { challengeSentNow, emailChangeProblem } from './profile-checks';

/** Server answers that concern the address typed, shown beside it rather than in the PIN dialog. */
const ADDRESS_ERRORS = new Set(['invalid_email', 'email_same', 'email_taken']);

/**
 * Setting or changing the e-mail address: the address → the PIN (a session alone may not redirect
 * the account's mail) → the code e-mailed to it → saved.
 */
export function ChangeEmailDialog({ currentEmail, onClose }: { currentEmail: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ChangeContactDialog
      onClose={onClose}
      config={{
        texts: 'account.emailChange',
        field: {
          label: t('account.emailChange.label'),
          name: 'email',
          type: 'email',
          inputMode: 'email',
          autoComplete: 'email',
          maxLength: 254,
          hint: ' ',
        },
        problem: (typed) => emailChangeProblem(typed, currentEmail),
        normalize: normalizeEmail,
        valueErrors: ADDRESS_ERRORS,
        pinText: (email) => t('account.emailChange.pinText', { email }),
        inbox: (email) => ({ email }),
        backLabel: t('account.emailChange.back'),
        send: async (email, pin) => {
          const sent = await sendEmailChangeOtp({ email, pin });
          return challengeSentNow(sent, sent.email);
        },
        verify: async (email, otpId, otp) => {
          const { changeToken } = await verifyEmailChangeOtp({ otpId, otp });
          const user = await updateUserData({ email, changeToken });
          queryClient.setQueryData(meQueryKey, user);
          toast.success(t('account.emailChange.done'));
        },
      }}
    />
  );
}
