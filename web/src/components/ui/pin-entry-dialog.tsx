import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '@/config/constants';
import { ApiError } from '@/lib/api-client';
import { FormDialog } from './form-dialog';
import { PinCodeField } from './pin-code-field';

export interface PinEntryDialogProps {
  open: boolean;
  title: string;
  /** What the PIN confirms (an order, a cash-out), shown above the cells. */
  description?: ReactNode;
  /**
   * Called with the PIN once six digits are in. Rejecting with an ApiError shows its message and
   * clears the cells (a wrong PIN); resolving closes the dialog through the caller.
   */
  onSubmit: (pin: string) => Promise<void>;
  onClose: () => void;
}

/** The PIN before a money movement: an order, a cash-out, a new bank account. Dismissable. */
export function PinEntryDialog({ open, title, description, onSubmit, onClose }: PinEntryDialogProps) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (value: string) => {
    if (value.length !== PIN_LENGTH || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value);
      setPin('');
    } catch (caught) {
      setPin('');
      setError(caught instanceof ApiError ? caught.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    if (busy) return;
    setPin('');
    setError(null);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title={title}
      text={description}
      onClose={close}
      onSubmit={() => void submit(pin)}
      cancel={{ label: t('app.cancel'), onClick: close, disabled: busy }}
      submit={{ label: t('app.confirm'), disabled: busy || pin.length !== PIN_LENGTH }}
      maxWidth={420}
    >
      <PinCodeField
        value={pin}
        disabled={busy}
        error={error}
        onChange={(digits) => {
          setPin(digits);
          if (error && digits) setError(null);
        }}
        onComplete={(digits) => void submit(digits)}
      />
    </FormDialog>
  );
}
