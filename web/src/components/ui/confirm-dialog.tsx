import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  /** Disables the confirm button while the action runs. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action (remove, log out a device): a text, cancel and a red confirm. */
export function ConfirmDialog({
  open,
  title,
  text,
  cancelLabel,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 400 } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button variant="contained" color="error" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ConfirmMutationDialogProps<T, V> extends Omit<ConfirmDialogProps, 'open' | 'text' | 'busy' | 'onConfirm'> {
  /** What the action is about; null keeps the dialog closed. */
  target: T | null;
  text: (target: T | null) => string;
  mutation: Pick<UseMutationResult<unknown, unknown, V>, 'isPending' | 'mutate'>;
  variablesOf: (target: T) => V;
  /** Told once the action succeeded (a notice to show); the dialog closes however it ends. */
  onDone: () => void;
}

/**
 * A confirmed mutation on one item (log out a device, remove a bank account): ask, run it, tell the
 * caller when it worked, close when it settles.
 */
export function ConfirmMutationDialog<T, V>({
  target,
  text,
  mutation,
  variablesOf,
  onDone,
  onClose,
  ...labels
}: ConfirmMutationDialogProps<T, V>) {
  return (
    <ConfirmDialog
      {...labels}
      open={target !== null}
      text={text(target)}
      busy={mutation.isPending}
      onConfirm={() => {
        if (target === null) return;
        mutation.mutate(variablesOf(target), { onSuccess: onDone, onSettled: onClose });
      }}
      onClose={onClose}
    />
  );
}
