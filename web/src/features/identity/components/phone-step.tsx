import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStack } from '@/components/ui/form-stack';
import { isPlausiblePhone } from '@/lib/phone';
import { focusOnMount } from '@/lib/focus-on-mount';

export interface PhoneStepProps {
  initialPhone?: string;
  withReferral?: boolean;
  /** A referral code from the sign-up link (`/signup?ref=CODE`). */
  initialReferral?: string;
  /** Who the referral code belongs to, once the server confirmed it (masked). */
  referrer?: string | null;
  busy: boolean;
  /** The server's answer to the last attempt, shown above the button. */
  error: ReactNode;
  onSubmit: (input: { phone: string; referralCode: string }) => void;
}

/** Empty, or eight letters and digits (the server's alphabet leaves out look-alikes; it decides). */
export const REFERRAL_PATTERN = /^([A-Za-z0-9]{8})?$/;

/** The phone number (Indonesian format hint, +62 by default) and, at sign-up, a referral code. */
export function PhoneStep({
  initialPhone = '',
  withReferral = false,
  initialReferral = '',
  referrer = null,
  busy,
  error,
  onSubmit,
}: PhoneStepProps) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(initialPhone);
  const [referral, setReferral] = useState(initialReferral);
  const [touched, setTouched] = useState(false);
  const phoneInvalid = touched && !isPlausiblePhone(phone);
  const referralInvalid = !REFERRAL_PATTERN.test(referral.trim());

  return (
    <FormStack
      spacing={2.5}
      onSubmit={() => {
        setTouched(true);
        if (!isPlausiblePhone(phone) || referralInvalid) return;
        onSubmit({ phone, referralCode: referral.trim().toUpperCase() });
      }}
    >
      <TextField
        label={t('auth.phoneLabel')}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        onBlur={() => setTouched(phone.trim() !== '')}
        error={phoneInvalid}
        helperText={phoneInvalid ? t('auth.phoneInvalid') : t('auth.phoneHint')}
        autoFocus
        inputRef={focusOnMount}
        fullWidth
        required
        type="tel"
        name="phone"
        slotProps={{
          htmlInput: { inputMode: 'tel', autoComplete: 'tel-national', maxLength: 20 },
          input: {
            startAdornment: (
              <InputAdornment position="start" aria-hidden>
                {t('auth.countryCode')}
              </InputAdornment>
            ),
          },
        }}
      />
      {withReferral && (
        <TextField
          label={t('auth.referralLabel')}
          value={referral}
          onChange={(event) => setReferral(event.target.value)}
          error={referralInvalid}
          helperText={
            referralInvalid
              ? t('auth.referralInvalid')
              : referrer
                ? t('auth.referralValid', { referrer })
                : t('auth.referralHint')
          }
          fullWidth
          name="referralCode"
          slotProps={{ htmlInput: { maxLength: 32, autoCapitalize: 'characters' } }}
        />
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {t('auth.continue')}
      </Button>
    </FormStack>
  );
}
