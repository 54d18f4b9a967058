import { paths } from '@/config/paths';
import { stripLocale } from './locale';
import { stripPwa } from './pwa';

/**
 * Guest pages (R1.12, R6.01) are the pages a visitor may browse without logging in. On them the API
 * client skips the session handling: a 401/403 does not force a logout (R8.04) and a 400 with code
 * 040/041 does not raise the fetch-user-status flag (R8.03).
 *
 * - For a visitor who is not logged in: guest explore (`/trade/...`), the asset pages (`/asset/...`)
 *   and the markets pages (`/markets...`). For a logged-in user these are ordinary pages, so an expired
 *   session there does force a logout.
 * - Always: the login and signup pages themselves (a failed login answer must not "log out" the
 *   half-finished login, nor send the user to the page they are already on).
 *
 * The locale prefix (`/en`) and the PWA prefix (`/pwa`) are ignored.
 */
const GUEST_PREFIXES_WHEN_LOGGED_OUT = ['/trade', '/asset', '/markets'] as const;
const ALWAYS_GUEST = [paths.login, paths.signup] as const;

function matchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function isGuestPage(pathname: string, loggedIn: boolean): boolean {
  const path = stripPwa(stripLocale(pathname));
  if (ALWAYS_GUEST.some((prefix) => matchesPrefix(path, prefix))) return true;
  if (loggedIn) return false;
  return GUEST_PREFIXES_WHEN_LOGGED_OUT.some((prefix) => matchesPrefix(path, prefix));
}
