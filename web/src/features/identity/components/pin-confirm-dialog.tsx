import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '@/components/ui/code-input';
import { PIN_LENGTH } from '@/config/constants';
import { recordPinVerified } from '@/lib/pin-session';
import { useAppStore } from '@/lib/store';
import { useConfirmSessionPin } from '../api/confirm-pin';

/**
 * R3.17 PIN modal: a sensitive page after inactivity asks for the PIN again (verify-pin with the
 * bearer), then stores the PIN timestamp. It cannot be dismissed; the way out is logging out.
 */
export function PinConfirmDialog({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const confirm = useConfirmSessionPin();
  const updateAuth = useAppStore((state) => state.updateAuth);
  const titleId = useId();
  const messageId = useId();

  const submit = (value: string) => {
    if (value.length !== PIN_LENGTH || confirm.isPending) return;
    confirm.mutate(
      { pin: value },
      {
        onSuccess: (answer) => {
          recordPinVerified(answer.verifiedAtMs || Date.now());
          updateAuth({ pinModal: false });
          onConfirmed();
        },
        onError: () => setPin(''),
      },
    );
  };

  return (
    <Dialog open aria-labelledby={titleId} slotProps={{ paper: { sx: { width: '100%', maxWidth: 420 } } }}>
      <DialogTitle id={titleId}>{t('auth.pinModal.title')}</DialogTitle>
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
            <Typography color="text.secondary">{t('auth.pinModal.text')}</Typography>
            <CodeInput
              label={t('auth.pin.label')}
              value={pin}
              masked
              autoFocus
              disabled={confirm.isPending}
              error={confirm.isError}
              describedBy={messageId}
              onChange={(digits) => {
                setPin(digits);
                if (confirm.isError && digits) confirm.reset();
              }}
              onComplete={submit}
            />
            <div id={messageId} aria-live="polite">
              {confirm.error && <Alert severity="error">{confirm.error.message}</Alert>}
            </div>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={() => updateAuth({ logoutModal: true })}>
            {t('auth.pinModal.logout')}
          </Button>
          <Button type="submit" variant="contained" disabled={confirm.isPending || pin.length !== PIN_LENGTH}>
            {t('auth.pinModal.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
