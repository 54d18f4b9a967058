import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { toast } from '@/lib/toast';
import { redirectToSupport } from '../lib/support-login';

/** R3.16: sends an already logged-in user of `/login?loginSalesforce=true` to the support site. */
export function SupportRedirect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    redirectToSupport().catch(() => {
      toast.error(t('auth.supportRedirectFailed'));
      void navigate(localize(paths.home), { replace: true });
    });
  }, [navigate, localize, t]);

  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 4, justifyContent: 'center' }}>
      <CircularProgress size={24} />
      <Typography>{t('auth.supportRedirecting')}</Typography>
    </Box>
  );
}
