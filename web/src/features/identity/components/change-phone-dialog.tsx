import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { meQueryKey } from '@/api/user-me';
import { normalizePhone } from '@/lib/phone';
import { toast } from '@/lib/toast';
import { sendPhoneChangeOtp, verifyPhoneChangeOtp } from '../api/change-phone';
import { ChangeContactDialog } from './change-contact-dialog';
import { challengeSentNow, phoneChangeProblem } from './profile-checks';

/** Server answers that concern the number typed, shown beside it rather than in the PIN dialog. */
const NUMBER_ERRORS = new Set(['invalid_phone', 'phone_same', 'phone_taken']);

/**
 * Change of mobile number: the new number → the PIN → the code sent by SMS to the new number →
 * done (other devices are logged out by the server; this one stays).
 */
export function ChangePhoneDialog({ currentPhone, onClose }: { currentPhone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ChangeContactDialog
      onClose={onClose}
      config={{
        texts: 'account.phoneChange',
        field: {
          label: t('account.phoneChange.label'),
          name: 'newPhone',
          type: 'tel',
          inputMode: 'tel',
          autoComplete: 'tel-national',
          maxLength: 20,
          hint: t('auth.phoneHint'),
        },
        problem: (typed) => phoneChangeProblem(typed, currentPhone),
        normalize: normalizePhone,
        valueErrors: NUMBER_ERRORS,
        pinText: (phone) => t('account.phoneChange.pinText', { phone }),
        inbox: (phone) => ({ phone }),
        send: async (newPhone, pin) => {
          const sent = await sendPhoneChangeOtp({ newPhone, pin });
          return challengeSentNow(sent, sent.phone);
        },
        verify: async (_phone, otpId, otp) => {
          const changed = await verifyPhoneChangeOtp({ otpId, otp });
          await queryClient.invalidateQueries({ queryKey: meQueryKey });
          toast.success(t('account.phoneChange.done', { phone: changed.phone }));
        },
      }}
    />
  );
}
