import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpDialog, type OtpChallenge } from '@/components/ui/otp-dialog';
import { PinEntryDialog } from '@/components/ui/pin-entry-dialog';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { CONTACT_CHANGES, type ContactKind } from './contact-changes';
import { NewValueDialog } from './new-value-dialog';

type Step = 'value' | 'pin' | 'otp';

/**
 * Changing a contact detail (the e-mail address, the phone number; `CONTACT_CHANGES` says how they
 * differ): the new value → the PIN (a session alone may not redirect the account) → the code sent to
 * the new value → saved.
 */
export function ChangeContactDialog({
  kind,
  current,
  onClose,
}: {
  kind: ContactKind;
  /** The value the account has now (a new one must differ). */
  current: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = CONTACT_CHANGES[kind];
  const [step, setStep] = useState<Step>('value');
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const problem = config.problem(typed, current);
  const value = config.normalize(typed);
  const fieldError = touched && problem ? t(`${config.texts}.${problem}`) : null;

  const requestCode = async (pin: string) => {
    try {
      setChallenge(await config.send(value, pin));
      setStep('otp');
    } catch (caught) {
      if (caught instanceof ApiError && config.valueErrors.has(caught.code)) {
        setServerError(caught.message);
        setStep('value');
        return;
      }
      throw caught;
    }
  };

  const verify = async (code: string) => {
    if (!challenge) return;
    const saved = await config.verify(value, challenge.otpId, code, queryClient);
    toast.success(t(`${config.texts}.done`, saved));
    onClose();
  };

  return (
    <>
      <NewValueDialog
        open={step === 'value'}
        title={t(`${config.texts}.title`)}
        text={t(`${config.texts}.text`)}
        field={{
          ...config.field,
          label: t(`${config.texts}.label`),
          hint: config.hintKey ? t(config.hintKey) : ' ',
        }}
        value={typed}
        onChange={(next) => {
          setTyped(next);
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
        title={t(`${config.texts}.pinTitle`)}
        description={t(`${config.texts}.pinText`, config.target(value))}
        onSubmit={requestCode}
        onClose={() => setStep('value')}
      />
      <OtpDialog
        open={step === 'otp'}
        challenge={challenge}
        inbox={config.target(value)}
        backLabel={config.backKey && t(config.backKey)}
        onVerify={verify}
        // A new code needs the PIN again (get-otp checks it every time).
        onResend={async () => setStep('pin')}
        onClose={() => setStep('value')}
      />
    </>
  );
}
