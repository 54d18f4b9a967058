import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meQueryKey } from '@/api/user-me';
import { OtpDialog, type OtpChallenge } from '@/components/ui/otp-dialog';
import { ApiError } from '@/lib/api-client';
import { normalizeEmail } from '@/lib/email';
import { toast } from '@/lib/toast';
import { sendEmailChangeOtp, updateUserData, verifyEmailChangeOtp } from '../api/change-email';
import { challengeSentNow, emailChangeProblem } from './profile-checks';

/** Setting or changing the e-mail address: the address → the code e-mailed to it → saved. */
export function ChangeEmailDialog({ currentEmail, onClose }: { currentEmail: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const [otpOpen, setOtpOpen] = useState(false);
  const titleId = useId();
  const problem = emailChangeProblem(typed, currentEmail);
  const email = normalizeEmail(typed);
  const fieldError = touched && problem ? t(`account.emailChange.${problem}`) : null;

  const requestCode = async () => {
    const sent = await sendEmailChangeOtp({ email });
    setChallenge(challengeSentNow(sent, sent.email));
    setOtpOpen(true);
  };

  const submit = async () => {
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setServerError(null);
    try {
      await requestCode();
    } catch (caught) {
      setServerError(caught instanceof ApiError ? caught.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    if (!challenge) return;
    const { changeToken } = await verifyEmailChangeOtp({ otpId: challenge.otpId, otp: code });
    const user = await updateUserData({ email, changeToken });
    queryClient.setQueryData(meQueryKey, user);
    toast.success(t('account.emailChange.done'));
    onClose();
  };

  return (
    <>
      <Dialog
        open={!otpOpen}
        onClose={busy ? undefined : onClose}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { width: '100%', maxWidth: 440 } } }}
      >
        <DialogTitle id={titleId}>{t('account.emailChange.title')}</DialogTitle>
        <Stack
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogContent>
            <Stack spacing={2}>
              <Typography color="text.secondary">{t('account.emailChange.text')}</Typography>
              <TextField
                label={t('account.emailChange.label')}
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setServerError(null);
                }}
                onBlur={() => setTouched(typed.trim() !== '')}
                error={fieldError !== null}
                helperText={fieldError ?? ' '}
                autoFocus
                fullWidth
                required
                type="email"
                name="email"
                slotProps={{ htmlInput: { inputMode: 'email', autoComplete: 'email', maxLength: 254 } }}
              />
              {serverError && <Alert severity="error">{serverError}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button color="inherit" onClick={onClose} disabled={busy}>
              {t('account.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('auth.continue')}
            </Button>
          </DialogActions>
        </Stack>
      </Dialog>
      <OtpDialog
        open={otpOpen}
        challenge={challenge}
        inbox={{ email }}
        backLabel={t('account.emailChange.back')}
        onVerify={verify}
        onResend={requestCode}
        onClose={() => setOtpOpen(false)}
      />
    </>
  );
}
