import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { LoggedIn } from '@/api/types';
import { useLocalizePath } from '@/hooks/use-locale';
import { applyLoggedIn } from '@/lib/auth-tokens';
import { readQueryFlags } from '@/lib/query-flags';
import { consumeReturnPath, DEFAULT_RETURN_PATH } from '@/lib/return-path';
import { toast } from '@/lib/toast';
import { redirectToSupport } from '../lib/support-login';

/**
 * A session was opened: store it (R5.09, R3.17) and go to the remembered path (R2.04), once; without
 * one, the home page of the current language. A support log-in (`loginSalesforce=true`, R2.11) goes
 * to the support site instead (R3.16). Returns false when the server's token was refused.
 */
export function useFinishLogin(): (loggedIn: LoggedIn) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const localize = useLocalizePath();
  const { t } = useTranslation();
  return useCallback(
    (loggedIn: LoggedIn) => {
      if (!applyLoggedIn(loggedIn)) return false;
      const remembered = consumeReturnPath();
      const goOn = () =>
        void navigate(remembered === DEFAULT_RETURN_PATH ? localize(paths.home) : remembered, { replace: true });
      if (readQueryFlags(location.search).loginSalesforce) {
        redirectToSupport().catch(() => {
          toast.error(t('auth.supportRedirectFailed'));
          goOn();
        });
        return true;
      }
      goOn();
      return true;
    },
    [navigate, localize, location.search, t],
  );
}
