import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStack } from '@/components/ui/form-stack';
import { CodeInput } from '@/components/ui/code-input';
import { PIN_LENGTH } from '@/config/constants';
import { ApiError } from '@/lib/api-client';
import { newPinError } from '@/lib/pin-rules';

export interface PinStepProps {
  /** `create`: a new PIN typed twice (sign-up, reset); `enter`: the existing PIN (log-in). */
  mode: 'create' | 'enter';
  /** Create mode: the title of the first entry. */
  createTitle?: string;
  /** Sends the PIN; rejects with the server's error. */
  onSubmit: (pin: string) => Promise<void>;
  /** Shown under the error for a locked PIN (e.g. a reset button). */
  lockedAction?: ReactNode;
  footer?: ReactNode;
}

/** R1.13: the PIN step: six masked digits; a new PIN twice, checked against the rules first. */
export function PinStep({ mode, createTitle, onSubmit, lockedAction, footer }: PinStepProps) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [first, setFirst] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; code: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const confirming = mode === 'create' && first !== null;

  const send = async (value: string) => {
    setBusy(true);
    try {
      await onSubmit(value);
    } catch (caught) {
      setError({
        message: caught instanceof ApiError ? caught.message : t('errors.generic'),
        code: caught instanceof ApiError ? caught.code : null,
      });
      setPin('');
      setFirst(null);
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const submit = (value: string) => {
    if (busy) return;
    if (value.length !== PIN_LENGTH) {
      setError({ message: t('auth.pin.incomplete'), code: null });
      return;
    }
    if (mode === 'enter') {
      void send(value);
      return;
    }
    if (first === null) {
      const rule = newPinError(value);
      if (rule) {
        setError({ message: t(rule === 'tooSimple' ? 'auth.pin.tooSimple' : 'auth.pin.incomplete'), code: null });
        setPin('');
        return;
      }
      setError(null);
      setFirst(value);
      setPin('');
      inputRef.current?.focus();
      return;
    }
    if (value !== first) {
      setError({ message: t('auth.pin.mismatch'), code: null });
      setFirst(null);
      setPin('');
      inputRef.current?.focus();
      return;
    }
    void send(value);
  };

  const title =
    mode === 'enter'
      ? t('auth.pin.enterTitle')
      : confirming
        ? t('auth.pin.confirmTitle')
        : (createTitle ?? t('auth.pin.createTitle'));
  const subtitle =
    mode === 'enter'
      ? t('auth.pin.enterSubtitle')
      : confirming
        ? t('auth.pin.confirmSubtitle')
        : t('auth.pin.createSubtitle');

  return (
    <FormStack spacing={2.5} onSubmit={() => submit(pin)}>
      <Box>
        <Typography variant="h2" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.75 }}>
          {subtitle}
        </Typography>
      </Box>
      <CodeInput
        key={confirming ? 'confirm' : 'first'}
        inputRef={inputRef}
        label={confirming ? t('auth.pin.confirmLabel') : t('auth.pin.label')}
        value={pin}
        masked
        autoFocus
        disabled={busy}
        error={error !== null}
        describedBy={messageId}
        onChange={(digits) => {
          setPin(digits);
          if (error && digits.length > 0) setError(null);
        }}
        onComplete={submit}
      />
      <Box id={messageId} aria-live="polite">
        {error ? (
          <Alert severity="error" action={error.code === 'pin_locked' ? lockedAction : undefined}>
            {error.message}
          </Alert>
        ) : mode === 'create' && !confirming ? (
          <Typography variant="body2" color="text.secondary" textAlign="center">
            {t('auth.pin.rules')}
          </Typography>
        ) : null}
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={busy || pin.length !== PIN_LENGTH}>
        {mode === 'enter' ? t('auth.pin.login') : confirming ? t('auth.pin.submit') : t('auth.continue')}
      </Button>
      {footer}
    </FormStack>
  );
}
