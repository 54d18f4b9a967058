import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtpInboxTarget } from '@/api/otp-inbox';
import { OtpDialog, type OtpChallenge } from '@/components/ui/otp-dialog';
import { PinEntryDialog } from '@/components/ui/pin-entry-dialog';
import { ApiError } from '@/lib/api-client';
import { NewValueDialog, type NewValueField } from './new-value-dialog';

type Step = 'value' | 'pin' | 'otp';

/** What tells one contact detail's change (phone, e-mail) from another's. */
export interface ChangeContactConfig {
  /** i18n prefix of the flow's texts (title, text, label, pinTitle, the problems). */
  texts: 'account.emailChange' | 'account.phoneChange';
  field: NewValueField;
  /** Why the typed value cannot be sent ('invalid', 'same'), or null. */
  problem: (typed: string) => 'invalid' | 'same' | null;
  /** The value as it is sent to the server. */
  normalize: (typed: string) => string;
  /** Server answers about the value typed, shown beside it rather than in the PIN dialog. */
  valueErrors: ReadonlySet<string>;
  /** The PIN dialog's text for this value. */
  pinText: (value: string) => string;
  /** Where the code goes, for the sandbox inbox. */
  inbox: (value: string) => OtpInboxTarget;
  backLabel?: string;
  /** Asks for a code to `value` behind the PIN. */
  send: (value: string, pin: string) => Promise<OtpChallenge>;
  /** Checks the code and saves the value (cache, toast). */
  verify: (value: string, otpId: string, code: string) => Promise<void>;
}

/**
 * Changing a contact detail: the new value → the PIN (a session alone may not redirect the account)
 * → the code sent to the new value → saved.
 */
export function ChangeContactDialog({ config, onClose }: { config: ChangeContactConfig; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('value');
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const problem = config.problem(typed);
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
    await config.verify(value, challenge.otpId, code);
    onClose();
  };

  return (
    <>
      <NewValueDialog
        open={step === 'value'}
        title={t(`${config.texts}.title`)}
        text={t(`${config.texts}.text`)}
        field={config.field}
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
        description={config.pinText(value)}
        onSubmit={requestCode}
        onClose={() => setStep('value')}
      />
      <OtpDialog
        open={step === 'otp'}
        challenge={challenge}
        inbox={config.inbox(value)}
        backLabel={config.backLabel}
        onVerify={verify}
        // A new code needs the PIN again (get-otp checks it every time).
        onResend={async () => setStep('pin')}
        onClose={() => setStep('value')}
      />
    </>
  );
}
