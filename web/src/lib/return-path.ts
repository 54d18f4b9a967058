import { RETURN_PATH_COOKIE_MAX_AGE_SECS } from '@/config/constants';
import { COOKIE_NAMES, deleteCookie, getCookie, setCookie } from './cookies';

/**
 * R2.04: login success returns to the path remembered in the `returnPath` cookie, default `/`.
 * Only same-origin relative paths are accepted, so the cookie can never send a user to another site.
 */
export const DEFAULT_RETURN_PATH = '/';

export function sanitizeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and backslashes are how browsers get talked into leaving the origin.
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  try {
    const base = 'https://return-path.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Remembers where to come back to after login (for example the page a forced logout left). */
export function rememberReturnPath(path: string): void {
  const safe = sanitizeReturnPath(path);
  if (safe) setCookie(COOKIE_NAMES.returnPath, safe, RETURN_PATH_COOKIE_MAX_AGE_SECS);
}

/** The remembered path without consuming it. */
export function peekReturnPath(): string {
  return sanitizeReturnPath(getCookie(COOKIE_NAMES.returnPath)) ?? DEFAULT_RETURN_PATH;
}

/** For the login flow: where to go now; the cookie is cleared so it is used once. */
export function consumeReturnPath(): string {
  const path = peekReturnPath();
  deleteCookie(COOKIE_NAMES.returnPath);
  return path;
}
