import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { LoggedIn } from '@/api/types';
import { useLocalizePath } from '@/hooks/use-locale';
import { applyLoggedIn } from '@/lib/auth-tokens';
import { consumeReturnPath, DEFAULT_RETURN_PATH } from '@/lib/return-path';

/**
 * A session was opened: store it (R5.09, R3.17) and go to the remembered path (R2.04), once; without
 * one, the home page of the current language. Returns false when the server's token was refused.
 */
export function useFinishLogin(): (loggedIn: LoggedIn) => boolean {
  const navigate = useNavigate();
  const localize = useLocalizePath();
  return useCallback(
    (loggedIn: LoggedIn) => {
      if (!applyLoggedIn(loggedIn)) return false;
      const remembered = consumeReturnPath();
      void navigate(remembered === DEFAULT_RETURN_PATH ? localize(paths.home) : remembered, { replace: true });
      return true;
    },
    [navigate, localize],
  );
}
