import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '@/components/ui/code-input';
import { PIN_LENGTH } from '@/config/constants';
import { ApiError } from '@/lib/api-client';

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
  const titleId = useId();
  const messageId = useId();

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
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 420 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(pin);
        }}
      >
        <DialogContent>
          <Stack spacing={2.5}>
            {description && <Typography color="text.secondary">{description}</Typography>}
            <CodeInput
              label={t('auth.pin.label')}
              value={pin}
              masked
              autoFocus
              disabled={busy}
              error={!!error}
              describedBy={messageId}
              onChange={(digits) => {
                setPin(digits);
                if (error && digits) setError(null);
              }}
              onComplete={(digits) => void submit(digits)}
            />
            <div id={messageId} aria-live="polite">
              {error && <Alert severity="error">{error}</Alert>}
            </div>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={close} disabled={busy}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || pin.length !== PIN_LENGTH}>
            {t('app.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
