import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { focusOnMount } from '@/lib/focus-on-mount';

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
  return (
    <FormDialog
      open={open}
      title={title}
      text={text}
      onClose={busy ? undefined : props.onClose}
      onSubmit={props.onSubmit}
      cancel={{ label: t('account.cancel'), onClick: props.onClose, disabled: busy }}
      submit={{ label: t('auth.continue'), disabled: busy }}
      maxWidth={440}
      spacing={2}
    >
      <TextField
        label={field.label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        error={fieldError !== null}
        helperText={fieldError ?? field.hint}
        autoFocus
        inputRef={focusOnMount}
        fullWidth
        required
        type={field.type}
        name={field.name}
        slotProps={{
          htmlInput: { inputMode: field.inputMode, autoComplete: field.autoComplete, maxLength: field.maxLength },
        }}
      />
      {serverError && <Alert severity="error">{serverError}</Alert>}
    </FormDialog>
  );
}
