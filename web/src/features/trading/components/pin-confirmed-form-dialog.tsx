import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PinEntryDialog } from '@/components/ui/pin-entry-dialog';

export interface PinConfirmedFormDialogProps {
  open: boolean;
  title: string;
  /** The form's fields. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button stays disabled until the form is complete. */
  ready: boolean;
  /** Called with the PIN; rejecting keeps the PIN dialog open with the error (PinEntryDialog). */
  onSubmit: (pin: string) => Promise<void>;
  onClose: () => void;
}

/** An order form in a dialog whose confirm step asks for the PIN (the OCO and amend modals, R2.14). */
export function PinConfirmedFormDialog({
  open,
  title,
  children,
  confirmLabel,
  ready,
  onSubmit,
  onClose,
}: PinConfirmedFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [pinOpen, setPinOpen] = useState(false);
  return (
    <>
      <Dialog
        open={open && !pinOpen}
        onClose={onClose}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { width: '100%', maxWidth: 440 } } }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button variant="contained" disabled={!ready} onClick={() => setPinOpen(true)}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
      <PinEntryDialog
        open={open && pinOpen}
        title={t('orderPanel.pinTitle')}
        description={t('orderPanel.pinText')}
        onSubmit={async (pin) => {
          await onSubmit(pin);
          setPinOpen(false);
        }}
        onClose={() => setPinOpen(false)}
      />
    </>
  );
}
