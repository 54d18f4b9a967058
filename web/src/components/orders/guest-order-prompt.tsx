import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/ui/app-link';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { rememberReturnPath } from '@/lib/return-path';

/** R2.04: signing up or logging in from the order panel comes back to this instrument. */
function rememberHere(): void {
  rememberReturnPath(`${window.location.pathname}${window.location.search}${window.location.hash}`);
}

/** The order panel of a guest (R1.13): sign up or log in to trade `asset`. */
export function GuestOrderPrompt({ asset }: { asset: string }) {
  const { t } = useTranslation();
  return (
    <Section title={t('orderPanel.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('orderPanel.guest', { asset })}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button component={AppLink} to={paths.signup} onClick={rememberHere} variant="contained" fullWidth>
          {t('orderPanel.signup')}
        </Button>
        <Button component={AppLink} to={paths.login} onClick={rememberHere} variant="outlined" fullWidth>
          {t('orderPanel.login')}
        </Button>
      </Stack>
    </Section>
  );
}
