import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app-config';
import { useOtpInbox, type OtpInboxTarget } from '@/api/otp-inbox';
import { CodeInput } from '@/components/ui/code-input';
import { OTP_LENGTH } from '@/config/constants';
import { formatSeconds, useCountdown } from '@/hooks/use-countdown';
import { ApiError } from '@/lib/api-client';

/** A code request as the dialog tracks it: the server's answer and when it arrived. */
export interface OtpChallenge {
  otpId: string;
  /** The masked phone or address the code went to. */
  sentTo: string;
  expiresInSecs: number;
  resendAfterSecs: number;
  sentAtMs: number;
}

export interface OtpDialogProps {
  open: boolean;
  challenge: OtpChallenge | null;
  /** Where the code went, for the sandbox inbox: an E.164 phone (SMS) or an e-mail address. */
  inbox: OtpInboxTarget;
  /** The button that closes the dialog (default: "Change number"). */
  backLabel?: string;
  /** Checks the code; rejects with the server's error. */
  onVerify: (code: string) => Promise<void>;
  /** Asks for a new code; rejects with the server's error (e.g. 429 otp_cooldown). */
  onResend: () => Promise<void>;
  onClose: () => void;
}

function messageOf(error: unknown): string | null {
  return error instanceof ApiError ? error.message : null;
}

/** Sandbox mode: reads the code the sandbox "sent" from the development inbox. */
function SandboxInbox({ target, onUse }: { target: OtpInboxTarget; onUse: (code: string) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const inbox = useOtpInbox(target, { enabled: opened });
  const email = 'email' in target;
  const latest = inbox.data?.find((message) => message.code);
  return (
    <Box
      component="section"
      aria-label={t('auth.otp.sandboxTitle')}
      sx={{ border: 1, borderStyle: 'dashed', borderColor: 'warning.main', borderRadius: 2, p: 1.5 }}
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <ScienceOutlined fontSize="small" color="warning" aria-hidden />
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
          {t(email ? 'auth.otp.sandboxHintEmail' : 'auth.otp.sandboxHint')}
        </Typography>
      </Stack>
      <Button
        size="small"
        color="warning"
        variant="outlined"
        sx={{ mt: 1 }}
        onClick={() => (opened ? void inbox.refetch() : setOpened(true))}
      >
        {t(email ? 'auth.otp.sandboxOpenEmail' : 'auth.otp.sandboxOpen')}
      </Button>
      {opened && inbox.isSuccess && (
        <Box role="status" sx={{ mt: 1 }}>
          {latest?.code ? (
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography variant="body2">{t('auth.otp.sandboxCode', { code: latest.code })}</Typography>
              <Button size="small" onClick={() => onUse(latest.code!)}>
                {t('auth.otp.sandboxUse')}
              </Button>
            </Stack>
          ) : (
            <Typography variant="body2">{t(email ? 'auth.otp.sandboxEmptyEmail' : 'auth.otp.sandboxEmpty')}</Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * R1.13 / R3.17 OTP modal: six digits with auto-advance and paste, a countdown to expiry, resend once
 * the server allows it, and the server's own error messages (tries left, expired, cooldown).
 */
export function OtpDialog({ open, challenge, inbox, backLabel, onVerify, onResend, onClose }: OtpDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { data: config } = useAppConfig();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendBlockedUntil, setResendBlockedUntil] = useState<number | null>(null);
  const titleId = useId();
  const messageId = useId();

  const sentAt = challenge?.sentAtMs ?? null;
  const expiresLeft = useCountdown(sentAt === null ? null : sentAt + (challenge?.expiresInSecs ?? 0) * 1000);
  const resendDeadline = Math.max(
    sentAt === null ? 0 : sentAt + (challenge?.resendAfterSecs ?? 0) * 1000,
    resendBlockedUntil ?? 0,
  );
  const resendLeft = useCountdown(resendDeadline || null);

  const verify = async (digits: string) => {
    if (digits.length !== OTP_LENGTH || busy) return;
    setBusy(true);
    setError(null);
    setInfo(null);
    try {
      await onVerify(digits);
    } catch (caught) {
      setError(messageOf(caught) ?? t('errors.generic'));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    setError(null);
    setInfo(null);
    try {
      await onResend();
      setCode('');
      setInfo(t('auth.otp.resent'));
    } catch (caught) {
      setError(messageOf(caught) ?? t('errors.generic'));
      if (caught instanceof ApiError && caught.retryAfterSecs) {
        setResendBlockedUntil(Date.now() + caught.retryAfterSecs * 1000);
      }
    } finally {
      setBusy(false);
    }
  };

  const expired = challenge !== null && expiresLeft === 0;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 440 } } }}
    >
      <DialogTitle id={titleId}>{t('auth.otp.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          {challenge && (
            <Typography color="text.secondary">
              {'email' in inbox
                ? t('auth.otp.sentToEmail', { email: challenge.sentTo })
                : t('auth.otp.sentTo', { phone: challenge.sentTo })}
            </Typography>
          )}
          <CodeInput
            label={t('auth.otp.label')}
            value={code}
            onChange={(digits) => {
              setCode(digits);
              if (error) setError(null);
            }}
            onComplete={(digits) => void verify(digits)}
            autoFocus
            disabled={busy}
            error={error !== null}
            describedBy={messageId}
          />
          <Box id={messageId} aria-live="polite">
            {error ? (
              <Alert severity="error">{error}</Alert>
            ) : info ? (
              <Alert severity="success">{info}</Alert>
            ) : (
              <Typography variant="body2" color={expired ? 'error' : 'text.secondary'} textAlign="center">
                {expired
                  ? t('auth.otp.expired')
                  : challenge
                    ? t('auth.otp.expiresIn', { time: formatSeconds(expiresLeft) })
                    : null}
              </Typography>
            )}
          </Box>
          <Box textAlign="center">
            <Button onClick={() => void resend()} disabled={busy || resendLeft > 0}>
              {resendLeft > 0 ? t('auth.otp.resendIn', { time: formatSeconds(resendLeft) }) : t('auth.otp.resend')}
            </Button>
          </Box>
          {config?.sandbox && (
            <SandboxInbox
              target={inbox}
              onUse={(sandboxCode) => {
                setCode(sandboxCode);
                void verify(sandboxCode);
              }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {backLabel ?? t('auth.otp.changeNumber')}
        </Button>
        <Button variant="contained" onClick={() => void verify(code)} disabled={busy || code.length !== OTP_LENGTH}>
          {t('auth.otp.verify')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
