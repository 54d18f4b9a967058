import Alert from '@mui/material/Alert';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from './code-input';

/**
 * The six masked PIN cells and, read out as it changes, what was wrong with the last PIN sent.
 * `onComplete` fires once the sixth digit is in.
 */
export function PinCodeField({
  value,
  disabled,
  error,
  onChange,
  onComplete,
}: {
  value: string;
  disabled: boolean;
  /** The last attempt's error message, or null. */
  error: string | null;
  onChange: (digits: string) => void;
  onComplete: (digits: string) => void;
}) {
  const { t } = useTranslation();
  const messageId = useId();
  return (
    <>
      <CodeInput
        label={t('auth.pin.label')}
        value={value}
        masked
        autoFocus
        disabled={disabled}
        error={error !== null}
        describedBy={messageId}
        onChange={onChange}
        onComplete={onComplete}
      />
      <div id={messageId} aria-live="polite">
        {error && <Alert severity="error">{error}</Alert>}
      </div>
    </>
  );
}
