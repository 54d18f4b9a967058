import { PREFERENCE_COOKIE_MAX_AGE_SECS, TOKEN_MIN_LENGTH_EXCLUSIVE } from '@/config/constants';
import type { Locale, Theme } from '@/types';

/** Cookies the web app reads or writes. The server reads `theme` and `lang` to render the page. */
export const COOKIE_NAMES = {
  theme: 'theme',
  lang: 'lang',
  /** The login token (R2.10); written by the identity issue's login flow. */
  token: 'token',
  refreshToken: 'refreshToken',
  /** R2.04: where login success returns to. */
  returnPath: 'returnPath',
} as const;

/** Cookies that belong to the session and are cleared on logout (R4.18). Preferences stay. */
export const SESSION_COOKIES = [COOKIE_NAMES.token, COOKIE_NAMES.refreshToken] as const;

export function getCookie(name: string, cookieString: string = document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function setCookie(name: string, value: string, maxAgeSecs: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSecs}; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** Theme and language choices live one year (R1.02, R2.10). */
export function persistTheme(theme: Theme): void {
  setCookie(COOKIE_NAMES.theme, theme, PREFERENCE_COOKIE_MAX_AGE_SECS);
}

export function persistLanguage(locale: Locale): void {
  setCookie(COOKIE_NAMES.lang, locale, PREFERENCE_COOKIE_MAX_AGE_SECS);
}

/**
 * R2.10 / R5.09: a token counts only when its decoded length exceeds 12 characters; anything shorter
 * is a placeholder ("null", "undefined", an emptied cookie) and is ignored.
 */
export function isUsableToken(raw: string | null | undefined): raw is string {
  if (!raw) return false;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not URI-encoded: measure it as it is.
  }
  return decoded.trim().length > TOKEN_MIN_LENGTH_EXCLUSIVE;
}

/** R2.10: the theme cookie; dark by default, light only when the operator allows it. */
export function themeFromCookie(value: string | null, lightThemeAllowed: boolean): Theme {
  return value === 'light' && lightThemeAllowed ? 'light' : 'dark';
}

export interface InitialCookies {
  theme: Theme;
  accessToken: string | null;
  returnPath: string | null;
}

/** R2.10: what the first render takes from cookies. */
export function readInitialCookies(cookieString: string = document.cookie, lightThemeAllowed = true): InitialCookies {
  const token = getCookie(COOKIE_NAMES.token, cookieString);
  return {
    theme: themeFromCookie(getCookie(COOKIE_NAMES.theme, cookieString), lightThemeAllowed),
    accessToken: isUsableToken(token) ? token : null,
    returnPath: getCookie(COOKIE_NAMES.returnPath, cookieString),
  };
}
