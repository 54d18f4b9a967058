import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The field of a [`NewValueDialog`]: what it asks for and how the browser should treat it. */
export interface NewValueField {
  label: string;
  name: string;
  type: 'email' | 'tel';
  inputMode: 'email' | 'tel';
  autoComplete: string;
  maxLength: number;
  /** Shown under the field while it has no error. */
  hint: string;
}

interface NewValueDialogProps {
  open: boolean;
  title: string;
  text: string;
  field: NewValueField;
  value: string;
  onChange: (value: string) => void;
  /** Called when the field loses focus (validation starts showing then). */
  onBlur: () => void;
  fieldError: string | null;
  serverError: string | null;
  busy?: boolean;
  onSubmit: () => void;
  onClose: () => void;
}

/** The first step of changing a contact detail (phone, e-mail): one field, its errors, continue. */
export function NewValueDialog(props: NewValueDialogProps) {
  const { open, title, text, field, value, onChange, onBlur, fieldError, serverError, busy = false } = props;
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : props.onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 440 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <DialogContent>
          <Stack spacing={2}>
            <Typography color="text.secondary">{text}</Typography>
            <TextField
              label={field.label}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
              error={fieldError !== null}
              helperText={fieldError ?? field.hint}
              autoFocus
              fullWidth
              required
              type={field.type}
              name={field.name}
              slotProps={{
                htmlInput: { inputMode: field.inputMode, autoComplete: field.autoComplete, maxLength: field.maxLength },
              }}
            />
            {serverError && <Alert severity="error">{serverError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={props.onClose} disabled={busy}>
            {t('account.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('auth.continue')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
