import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormStack } from '@/components/ui/form-stack';
import { CodeInput } from '@/components/ui/code-input';
import { PIN_LENGTH } from '@/config/constants';
import { applyLoggedIn } from '@/lib/auth-tokens';
import { newPinError } from '@/lib/pin-rules';
import { useUpdatePin } from '../api/update-pin';
import { AccountPageHeader } from '@/components/layout/account-layout';

type Field = 'oldPin' | 'newPin' | 'confirmPin';

/**
 * `/account/privacy/change-pin`: the current PIN, then the new one twice. The server ends every
 * session; this device continues with the new tokens it answers with.
 */
export function ChangePinScreen() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ oldPin: '', newPin: '', confirmPin: '' });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const update = useUpdatePin();
  const messageId = useId();

  const set = (field: Field) => (digits: string) => {
    setValues((current) => ({ ...current, [field]: digits }));
    setError(null);
    setDone(false);
  };

  const submit = () => {
    const { oldPin, newPin, confirmPin } = values;
    if (oldPin.length !== PIN_LENGTH) return setError(t('auth.pin.incomplete'));
    const rule = newPinError(newPin);
    if (rule) return setError(t(rule === 'tooSimple' ? 'auth.pin.tooSimple' : 'auth.pin.incomplete'));
    if (newPin === oldPin) return setError(t('account.pin.sameAsOld'));
    if (newPin !== confirmPin) return setError(t('auth.pin.mismatch'));
    update.mutate(
      { oldPin, newPin },
      {
        onSuccess: (loggedIn) => {
          applyLoggedIn(loggedIn);
          setValues({ oldPin: '', newPin: '', confirmPin: '' });
          setDone(true);
        },
        onError: (caught) => {
          setError(caught.message);
          setValues((current) => ({ ...current, oldPin: '' }));
        },
      },
    );
  };

  const fields: Array<[Field, string]> = [
    ['oldPin', t('account.pin.oldLabel')],
    ['newPin', t('account.pin.newLabel')],
    ['confirmPin', t('account.pin.confirmLabel')],
  ];

  return (
    <>
      <AccountPageHeader title={t('account.changePin')} text={t('account.changePinText')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 520, bgcolor: 'var(--color-surface)' }}>
        <FormStack spacing={2.5} onSubmit={() => submit()}>
          {fields.map(([field, label], index) => (
            <Stack key={field} spacing={1}>
              <Typography variant="body2" color="text.secondary" aria-hidden>
                {label}
              </Typography>
              <CodeInput
                label={label}
                value={values[field]}
                masked
                autoFocus={index === 0}
                disabled={update.isPending}
                describedBy={messageId}
                onChange={set(field)}
              />
            </Stack>
          ))}
          <div id={messageId} aria-live="polite">
            {error ? (
              <Alert severity="error">{error}</Alert>
            ) : done ? (
              <Alert severity="success">{t('account.pin.done')}</Alert>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('auth.pin.rules')}
              </Typography>
            )}
          </div>
          <Button type="submit" variant="contained" size="large" disabled={update.isPending}>
            {t('account.pin.submit')}
          </Button>
        </FormStack>
      </Paper>
    </>
  );
}
