import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { FormStack } from './form-stack';
import { useId, type ReactNode } from 'react';

export interface FormDialogProps {
  open?: boolean;
  title: string;
  /** What the dialog asks for, above the fields. */
  text?: ReactNode;
  /** Escape and the backdrop; undefined where the dialog may not be dismissed (e.g. while busy). */
  onClose?: () => void;
  /** Enter in a field and the submit button (the browser's own checks are off: the form checks). */
  onSubmit: () => void;
  /** The left-hand action (cancel, or the way out of a dialog that cannot be dismissed). */
  cancel: { label: string; onClick: () => void; disabled?: boolean };
  submit: { label: string; disabled: boolean };
  maxWidth: number;
  fullScreen?: boolean;
  /** The fields' spacing. */
  spacing?: number;
  formSx?: SxProps<Theme>;
  children: ReactNode;
}

/** A dialog that is one small form: title, text, fields, then cancel and submit. */
export function FormDialog({
  open = true,
  title,
  text,
  onClose,
  onSubmit,
  cancel,
  submit,
  maxWidth,
  fullScreen,
  spacing = 2.5,
  formSx,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      slotProps={{ paper: { sx: { width: '100%', maxWidth } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <FormStack onSubmit={onSubmit} sx={formSx}>
        <DialogContent>
          <Stack spacing={spacing}>
            {text && <Typography color="text.secondary">{text}</Typography>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={cancel.onClick} disabled={cancel.disabled}>
            {cancel.label}
          </Button>
          <Button type="submit" variant="contained" disabled={submit.disabled}>
            {submit.label}
          </Button>
        </DialogActions>
      </FormStack>
    </Dialog>
  );
}
