import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { lazyNamed } from '@/lib/lazy-named';
import { localeFromPath, localizePath } from '@/lib/locale';
import { isPinFresh } from '@/lib/pin-session';
import { rememberReturnPath } from '@/lib/return-path';
import { useAppStore } from '@/lib/store';

// Only sensitive pages after inactivity ask for the PIN: the dialog's code loads then.
const PinConfirmDialog = lazyNamed(() => import('./pin-confirm-dialog'), 'PinConfirmDialog');

const PIN_CHECK_INTERVAL_MS = 15_000;

/**
 * A page for logged-in users. Without a session: remember the path (R2.04) and go to the login page.
 * With `pin` (sensitive pages): after PIN_INACTIVITY_TIMEOUT_MS without activity the PIN modal asks
 * for the PIN first (R3.17), also while the page stays open.
 */
export function RequireAuth({ pin = false, children }: { pin?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const loggedIn = useAppStore((state) => state.auth.accessToken !== null);
  const updateAuth = useAppStore((state) => state.updateAuth);
  const [pinOk, setPinOk] = useState(() => !pin || isPinFresh());

  useEffect(() => {
    if (!pin || !loggedIn) return;
    const check = () => setPinOk(isPinFresh());
    check();
    const timer = setInterval(check, PIN_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [pin, loggedIn, location.pathname]);

  const needPin = pin && loggedIn && !pinOk;
  useEffect(() => {
    if (!pin) return;
    updateAuth({ pinModal: needPin });
    return () => updateAuth({ pinModal: false });
  }, [pin, needPin, updateAuth]);

  // The login page in the URL's language: the store's language catches up with the URL only in the
  // locale root's layout effect, one render late when that root has just mounted.
  if (!loggedIn)
    return (
      <RedirectToLogin
        path={`${location.pathname}${location.search}${location.hash}`}
        to={localizePath(paths.login, localeFromPath(location.pathname))}
      />
    );
  if (needPin) {
    return (
      <>
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 10 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
        <Suspense fallback={null}>
          <PinConfirmDialog onConfirmed={() => setPinOk(true)} />
        </Suspense>
      </>
    );
  }
  return children ?? <Outlet />;
}

function RedirectToLogin({ path, to }: { path: string; to: string }) {
  rememberReturnPath(path);
  return <Navigate to={to} replace />;
}
