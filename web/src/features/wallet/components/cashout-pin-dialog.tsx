import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { CodeInput } from '@/components/ui/code-input';
import { PIN_LENGTH } from '@/config/constants';

/**
 * The PIN that confirms a money movement; the caller sends it with the request and shows the server's
 * answer. Mount it only while open, so a new confirmation starts empty.
 */
export function PinDialog({
  open,
  title,
  text,
  submitLabel,
  cancelLabel,
  pinLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  submitLabel: string;
  cancelLabel: string;
  pinLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (pin: string) => void;
  onCancel: () => void;
}) {
  const [pin, setPin] = useState('');
  const titleId = useId();
  const messageId = useId();
  const submit = (value: string) => {
    if (value.length !== PIN_LENGTH || pending) return;
    onSubmit(value);
    setPin(''); // a wrong PIN is typed again from the start
  };
  const change = (digits: string) => setPin(digits);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 420 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(pin);
        }}
      >
        <DialogContent>
          <Stack spacing={2.5}>
            <Typography color="text.secondary">{text}</Typography>
            <CodeInput
              label={pinLabel}
              value={pin}
              masked
              autoFocus
              disabled={pending}
              error={error !== null}
              describedBy={messageId}
              onChange={change}
              onComplete={submit}
            />
            <div id={messageId} aria-live="polite">
              {error && <Alert severity="error">{error}</Alert>}
            </div>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" disabled={pending || pin.length !== PIN_LENGTH}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
