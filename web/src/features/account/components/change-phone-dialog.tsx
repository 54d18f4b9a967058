import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meQueryKey } from '@/api/user-me';
import { OtpDialog, type OtpChallenge } from '@/components/ui/otp-dialog';
import { PinEntryDialog } from '@/components/ui/pin-entry-dialog';
import { ApiError } from '@/lib/api-client';
import { normalizePhone } from '@/lib/phone';
import { toast } from '@/lib/toast';
import { sendPhoneChangeOtp, verifyPhoneChangeOtp } from '../api/change-phone';
import { NewValueDialog } from './new-value-dialog';
import { challengeSentNow, phoneChangeProblem } from './profile-checks';

/** Server answers that concern the number typed, shown beside it rather than in the PIN dialog. */
const NUMBER_ERRORS = new Set(['invalid_phone', 'phone_same', 'phone_taken']);

type Step = 'number' | 'pin' | 'otp';

/**
 * Change of mobile number: the new number → the PIN → the code sent by SMS to the new number →
 * done (other devices are logged out by the server; this one stays).
 */
export function ChangePhoneDialog({ currentPhone, onClose }: { currentPhone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('number');
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const problem = phoneChangeProblem(typed, currentPhone);
  const e164 = normalizePhone(typed);
  const fieldError = touched && problem ? t(`account.phoneChange.${problem}`) : null;

  const requestCode = async (pin: string) => {
    try {
      const sent = await sendPhoneChangeOtp({ newPhone: e164, pin });
      setChallenge(challengeSentNow(sent, sent.phone));
      setStep('otp');
    } catch (caught) {
      if (caught instanceof ApiError && NUMBER_ERRORS.has(caught.code)) {
        setServerError(caught.message);
        setStep('number');
        return;
      }
      throw caught;
    }
  };

  const verify = async (code: string) => {
    if (!challenge) return;
    const changed = await verifyPhoneChangeOtp({ otpId: challenge.otpId, otp: code });
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    toast.success(t('account.phoneChange.done', { phone: changed.phone }));
    onClose();
  };

  return (
    <>
      <NewValueDialog
        open={step === 'number'}
        title={t('account.phoneChange.title')}
        text={t('account.phoneChange.text')}
        field={{
          label: t('account.phoneChange.label'),
          name: 'newPhone',
          type: 'tel',
          inputMode: 'tel',
          autoComplete: 'tel-national',
          maxLength: 20,
          hint: t('auth.phoneHint'),
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
        title={t('account.phoneChange.pinTitle')}
        description={t('account.phoneChange.pinText', { phone: e164 })}
        onSubmit={requestCode}
        onClose={() => setStep('number')}
      />
      <OtpDialog
        open={step === 'otp'}
        challenge={challenge}
        inbox={{ phone: e164 }}
        onVerify={verify}
        // A new code needs the PIN again (get-otp checks it every time).
        onResend={async () => setStep('pin')}
        onClose={() => setStep('number')}
      />
    </>
  );
}
