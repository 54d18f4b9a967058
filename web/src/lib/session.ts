import { LOGIN_PATH } from '@/config/paths';
import { deleteCookie, SESSION_COOKIES } from './cookies';
import { localeFromPath, localizePath } from './locale';
import { currentPath, currentPathname, navigateTo } from './navigation';
import { isPwaPath } from './pwa';
import { queryClient } from './query-client';
import { rememberReturnPath } from './return-path';
import { removeStorage, STORAGE_KEYS } from './storage';
import { useAppStore } from './store';

/**
 * R4.18: logout clears the session cookies, the stored tokens, the PIN timestamp, and the trading,
 * misc, auth and chart state (and every cached server answer, which belonged to the old session).
 * Theme and language are device preferences and stay.
 */
export function logoutCleanup(): void {
  for (const name of SESSION_COOKIES) deleteCookie(name);
  removeStorage(STORAGE_KEYS.accessToken);
  removeStorage(STORAGE_KEYS.refreshToken);
  removeStorage(STORAGE_KEYS.pinTimestamp);
  const store = useAppStore.getState();
  store.resetTrading();
  store.resetMisc();
  store.resetAuth();
  store.resetChart();
  queryClient.clear();
}

/**
 * R8.04 / R2.05: the session is gone. Clean up, remember where the user was (R2.04), and go to the
 * login route, except on PWA routes, where the host app owns navigation.
 */
export function forceLogout(pathname: string = currentPathname()): void {
  logoutCleanup();
  if (isPwaPath(pathname)) return;
  const here = pathname === currentPathname() ? currentPath() : pathname;
  const locale = localeFromPath(pathname);
  const loginPath = localizePath(LOGIN_PATH, locale);
  if (pathname !== loginPath) rememberReturnPath(here);
  navigateTo(loginPath, { replace: true });
}
