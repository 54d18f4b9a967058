import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meQueryKey } from '@/api/user-me';
import { OtpDialog, type OtpChallenge } from '@/components/ui/otp-dialog';
import { ApiError } from '@/lib/api-client';
import { normalizeEmail } from '@/lib/email';
import { toast } from '@/lib/toast';
import { sendEmailChangeOtp, updateUserData, verifyEmailChangeOtp } from '../api/change-email';
import { NewValueDialog } from './new-value-dialog';
import { challengeSentNow, emailChangeProblem } from './profile-checks';

/** Setting or changing the e-mail address: the address → the code e-mailed to it → saved. */
export function ChangeEmailDialog({ currentEmail, onClose }: { currentEmail: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const [otpOpen, setOtpOpen] = useState(false);
  const problem = emailChangeProblem(typed, currentEmail);
  const email = normalizeEmail(typed);
  const fieldError = touched && problem ? t(`account.emailChange.${problem}`) : null;

  const requestCode = async () => {
    const sent = await sendEmailChangeOtp({ email });
    setChallenge(challengeSentNow(sent, sent.email));
    setOtpOpen(true);
  };

  const submit = async () => {
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setServerError(null);
    try {
      await requestCode();
    } catch (caught) {
      setServerError(caught instanceof ApiError ? caught.message : t('errors.generic'));
    } finally {
      setBusy(false);
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
        open={!otpOpen}
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
        busy={busy}
        onSubmit={() => void submit()}
        onClose={onClose}
      />
      <OtpDialog
        open={otpOpen}
        challenge={challenge}
        inbox={{ email }}
        backLabel={t('account.emailChange.back')}
        onVerify={verify}
        onResend={requestCode}
        onClose={() => setOtpOpen(false)}
      />
    </>
  );
}
