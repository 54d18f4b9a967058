import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meQueryKey } from '@/api/user-me';
import { OtpDialog, type OtpChallenge } from '@/components/ui/otp-dialog';
import { PinEntryDialog } from '@/components/ui/pin-entry-dialog';
import { ApiError } from '@/lib/api-client';
import { normalizeEmail } from '@/lib/email';
import { toast } from '@/lib/toast';
import { sendEmailChangeOtp, updateUserData, verifyEmailChangeOtp } from '../api/change-email';
import { NewValueDialog } from './new-value-dialog';
import { challengeSentNow, emailChangeProblem } from './profile-checks';

/** Server answers that concern the address typed, shown beside it rather than in the PIN dialog. */
const ADDRESS_ERRORS = new Set(['invalid_email', 'email_same', 'email_taken']);

type Step = 'address' | 'pin' | 'otp';

/**
 * Setting or changing the e-mail address: the address → the PIN (a session alone may not redirect
 * the account's mail) → the code e-mailed to it → saved.
 */
export function ChangeEmailDialog({ currentEmail, onClose }: { currentEmail: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('address');
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const problem = emailChangeProblem(typed, currentEmail);
  const email = normalizeEmail(typed);
  const fieldError = touched && problem ? t(`account.emailChange.${problem}`) : null;

  const requestCode = async (pin: string) => {
    try {
      const sent = await sendEmailChangeOtp({ email, pin });
      setChallenge(challengeSentNow(sent, sent.email));
      setStep('otp');
    } catch (caught) {
      if (caught instanceof ApiError && ADDRESS_ERRORS.has(caught.code)) {
        setServerError(caught.message);
        setStep('address');
        return;
      }
      throw caught;
    }
  };

  const verify = async (code: string) => {
    if (!challenge) return;
    const { changeToken } = await verifyEmailChangeOtp({ otpId: challenge.otpId, otp: code });
    const user = await updateUserData({ email, changeToken });
    queryClient.setQueryData(meQueryKey, user);
    toast.success(t('account.emailChange.done'));
    onClose();
  };

  return (
    <>
      <NewValueDialog
        open={step === 'address'}
        title={t('account.emailChange.title')}
        text={t('account.emailChange.text')}
        field={{
          label: t('account.emailChange.label'),
          name: 'email',
          type: 'email',
          inputMode: 'email',
          autoComplete: 'email',
          maxLength: 254,
          hint: ' ',
        }}
        value={typed}
        onChange={(value) => {
          setTyped(value);
          setServerError(null);
        }}
        onBlur={() => setTouched(typed.trim() !== '')}
        fieldError={fieldError}
        serverError={serverError}
        onSubmit={() => {
          setTouched(true);
          if (problem) return;
          setServerError(null);
          setStep('pin');
        }}
        onClose={onClose}
      />
      <PinEntryDialog
        open={step === 'pin'}
        title={t('account.emailChange.pinTitle')}
        description={t('account.emailChange.pinText', { email })}
        onSubmit={requestCode}
        onClose={() => setStep('address')}
      />
      <OtpDialog
        open={step === 'otp'}
        challenge={challenge}
        inbox={{ email }}
        backLabel={t('account.emailChange.back')}
        onVerify={verify}
        // A new code needs the PIN again (get-otp checks it every time).
        onResend={async () => setStep('pin')}
        onClose={() => setStep('address')}
      />
    </>
  );
}
