import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { LoggedIn, OtpSent, OtpVerified } from '@/api/types';
import { AppLink } from '@/components/ui/app-link';
import { OtpDialog, type OtpChallenge } from '@/components/ui/otp-dialog';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { track } from '@/lib/analytics';
import { ApiError } from '@/lib/api-client';
import { normalizePhone } from '@/lib/phone';
import { readQueryFlags } from '@/lib/query-flags';
import { useAppStore, type OtpModalType } from '@/lib/store';
import { sendForgotPinOtp } from '../api/forgot-pin-send-otp';
import { verifyForgotPinOtp } from '../api/forgot-pin-verify-otp';
import { sendLoginOtp } from '../api/login-phone';
import { verifyLoginOtp } from '../api/login-verify-otp';
import { registerPin } from '../api/register-pin';
import { resetPin } from '../api/reset-pin';
import { sendSignupOtp } from '../api/signup-phone';
import { verifySignupOtp } from '../api/signup-verify-otp';
import { validatePhone } from '../api/validate-phone';
import { verifyReferral } from '../api/verify-referral';
import { verifyLoginPin } from '../api/verify-pin';
import { useFinishLogin } from '../hooks/use-finish-login';
import { SupportRedirect } from './support-redirect';
import { PhoneStep } from './phone-step';
import { PinStep } from './pin-step';

export type AuthMode = 'signup' | 'login' | 'forgotPin';

const SEND: Record<AuthMode, (input: { phone: string }) => Promise<OtpSent>> = {
  signup: sendSignupOtp,
  login: sendLoginOtp,
  forgotPin: sendForgotPinOtp,
};
const VERIFY: Record<AuthMode, (input: { otpId: string; code: string }) => Promise<OtpVerified>> = {
  signup: verifySignupOtp,
  login: verifyLoginOtp,
  forgotPin: verifyForgotPinOtp,
};

type Step = 'phone' | 'pin';

/**
 * Sign-up, log-in and forgot-PIN (R1.13): phone → OTP modal → PIN → logged in, then back to the
 * remembered path (R2.04). Sign-up carries the campaign flags of the URL (R2.11) on `signup_started`.
 */
export function AuthScreen({ initialMode }: { initialMode: 'signup' | 'login' }) {
  const { t } = useTranslation();
  const location = useLocation();
  const localize = useLocalizePath();
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const updateAuth = useAppStore((state) => state.updateAuth);
  const finishLogin = useFinishLogin();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const [typedPhone, setTypedPhone] = useState('');
  const [referralCode, setReferralCode] = useState('');
  const [referrer, setReferrer] = useState<string | null>(null);
  // A shared sign-up link carries the referrer's code: `/signup?ref=CODE`.
  const [linkReferral] = useState(() => new URLSearchParams(location.search).get('ref')?.trim().slice(0, 32) ?? '');
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const [otpOpen, setOtpOpen] = useState(false);
  const [verificationToken, setVerificationToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [phoneError, setPhoneError] = useState<ReactNode>(null);

  // R3.17: the OTP modal's type lives in the auth state while it is open.
  useEffect(() => {
    updateAuth({ otpModalType: otpOpen ? (mode as OtpModalType) : null });
  }, [otpOpen, mode, updateAuth]);
  useEffect(() => () => updateAuth({ otpModalType: null }), [updateAuth]);

  const [settled, setSettled] = useState(false);
  if (loggedIn && !settled && step === 'phone') {
    // R3.16: a support log-in with a session already open goes straight to the support site.
    if (readQueryFlags(location.search).loginSalesforce) return <SupportRedirect />;
    return <Navigate to={localize(paths.home)} replace />;
  }

  const requestCode = async (forMode: AuthMode, e164: string) => {
    const sent = await SEND[forMode]({ phone: e164 });
    setChallenge({ ...sent, sentTo: sent.phone, sentAtMs: Date.now() });
    setOtpOpen(true);
  };

  const submitPhone = async (input: { phone: string; referralCode: string }) => {
    const e164 = normalizePhone(input.phone);
    setBusy(true);
    setPhoneError(null);
    setTypedPhone(input.phone);
    setPhone(e164);
    setReferralCode(input.referralCode);
    try {
      if (mode === 'signup' && input.referralCode) {
        // Checked before any code is sent: an unknown or own code is named now, not after the PIN.
        const valid = await verifyReferral({ referralCode: input.referralCode, phone: e164 });
        setReferrer(valid.referrerName ? `${valid.referrerName} (${valid.referrerPhone})` : valid.referrerPhone);
      } else {
        setReferrer(null);
      }
      if (mode === 'login') {
        const validation = await validatePhone({ phone: e164 });
        if (!validation.registered) {
          setPhoneError(
            <>
              {t('auth.notRegistered')}{' '}
              <AppLink to={paths.signup} sx={{ fontWeight: 600 }}>
                {t('auth.notRegisteredSignup')}
              </AppLink>
            </>,
          );
          return;
        }
      }
      await requestCode(mode, e164);
      if (mode === 'signup') track('signup_started', { ...readQueryFlags(location.search) });
    } catch (caught) {
      setPhoneError(caught instanceof ApiError ? caught.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  const verifyCode = async (code: string) => {
    if (!challenge) return;
    const verified = await VERIFY[mode]({ otpId: challenge.otpId, code });
    setVerificationToken(verified.verificationToken);
    setOtpOpen(false);
    setStep('pin');
  };

  const done = (session: LoggedIn) => {
    setSettled(true);
    finishLogin(session);
  };

  const submitPin = async (pin: string) => {
    if (!verificationToken) return;
    try {
      if (mode === 'signup') {
        done(await registerPin({ verificationToken, pin, ...(referralCode ? { referralCode } : {}) }));
      } else if (mode === 'login') {
        done(await verifyLoginPin({ verificationToken, pin }));
      } else {
        done(await resetPin({ verificationToken, pin }));
      }
    } catch (caught) {
      if (
        caught instanceof ApiError &&
        ['verification_invalid', 'referral_invalid', 'referral_self'].includes(caught.code)
      ) {
        setStep('phone');
        setPhoneError(caught.message);
        return;
      }
      throw caught;
    }
  };

  const startForgotPin = async () => {
    setMode('forgotPin');
    setStep('phone');
    setVerificationToken(null);
    setPhoneError(null);
    if (!phone) return;
    setBusy(true);
    try {
      await requestCode('forgotPin', phone);
    } catch (caught) {
      setPhoneError(caught instanceof ApiError ? caught.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  const title =
    mode === 'signup' ? t('auth.signupTitle') : mode === 'login' ? t('auth.loginTitle') : t('auth.forgotTitle');
  const subtitle =
    mode === 'signup'
      ? t('auth.signupSubtitle')
      : mode === 'login'
        ? t('auth.loginSubtitle')
        : t('auth.forgotSubtitle');
  const activeStep = step === 'pin' ? 2 : otpOpen ? 1 : 0;

  return (
    <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', px: 'var(--page-gutter)', py: { xs: 3, sm: 6 } }}>
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 460,
          p: { xs: 2.5, sm: 4 },
          alignSelf: 'flex-start',
          bgcolor: 'var(--color-surface)',
        }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
          {title}
        </Typography>
        {step === 'phone' && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {subtitle}
          </Typography>
        )}
        <Stepper activeStep={activeStep} alternativeLabel aria-label={t('auth.stepsLabel')} sx={{ my: 3, mx: -1 }}>
          {(['stepPhone', 'stepOtp', 'stepPin'] as const).map((key) => (
            <Step key={key}>
              <StepLabel>{t(`auth.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 'phone' ? (
          <PhoneStep
            key={mode}
            initialPhone={typedPhone}
            withReferral={mode === 'signup'}
            initialReferral={referralCode || linkReferral}
            referrer={referrer}
            busy={busy}
            error={phoneError}
            onSubmit={(input) => void submitPhone(input)}
          />
        ) : (
          <PinStep
            key={mode}
            mode={mode === 'login' ? 'enter' : 'create'}
            createTitle={mode === 'forgotPin' ? t('auth.pin.newTitle') : undefined}
            onSubmit={submitPin}
            lockedAction={
              <Button color="inherit" size="small" onClick={() => void startForgotPin()}>
                {t('auth.pin.reset')}
              </Button>
            }
            footer={
              mode === 'login' ? (
                <Button variant="text" onClick={() => void startForgotPin()}>
                  {t('auth.pin.forgot')}
                </Button>
              ) : null
            }
          />
        )}
        {step === 'phone' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            {mode === 'signup' ? t('auth.haveAccount') : t('auth.noAccount')}{' '}
            <AppLink to={mode === 'signup' ? paths.login : paths.signup} sx={{ fontWeight: 600 }}>
              {mode === 'signup' ? t('auth.login') : t('auth.signup')}
            </AppLink>
          </Typography>
        )}
      </Paper>
      <OtpDialog
        open={otpOpen}
        challenge={challenge}
        inbox={{ phone }}
        onVerify={verifyCode}
        onResend={() => requestCode(mode, phone)}
        onClose={() => setOtpOpen(false)}
      />
    </Box>
  );
}
