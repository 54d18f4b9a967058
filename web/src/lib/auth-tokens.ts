import { SESSION_COOKIE_MAX_AGE_SECS } from '@/config/constants';
import type { LoggedIn, SessionTokens } from '@/api/types';
import { COOKIE_NAMES, getCookie, isUsableToken, setCookie } from './cookies';
import { recordPinVerified } from './pin-session';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';
import { useAppStore } from './store';

/**
 * Where a session's tokens live. The access token goes to the store, the `token` cookie (read on the
 * next load, R2.10) and localStorage; the refresh token to localStorage only, so it never travels with
 * ordinary requests. Logout clears all of them (R4.18, `logoutCleanup`).
 */

/** R5.09: stores a token pair; refused (false) when the access token is not longer than 12 characters. */
export function storeSessionTokens(tokens: Pick<SessionTokens, 'accessToken' | 'refreshToken'>): boolean {
  if (!isUsableToken(tokens.accessToken)) return false;
  useAppStore.getState().setAccessToken(tokens.accessToken);
  setCookie(COOKIE_NAMES.token, tokens.accessToken, SESSION_COOKIE_MAX_AGE_SECS);
  writeStorage(STORAGE_KEYS.accessToken, tokens.accessToken);
  writeStorage(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  return true;
}

/**
 * A session was opened (sign-up, log-in, PIN reset or change): tokens stored, user details in the auth
 * state (R3.17), PIN timestamp now (the PIN was just typed). False when the token was refused.
 */
export function applyLoggedIn(loggedIn: LoggedIn, nowMs: number = Date.now()): boolean {
  if (!storeSessionTokens(loggedIn)) return false;
  useAppStore.getState().updateAuth({ userDetails: loggedIn.user, otpModalType: null, pinModal: false });
  recordPinVerified(nowMs);
  return true;
}

export function readRefreshToken(): string | null {
  const stored = readStorage(STORAGE_KEYS.refreshToken);
  return stored && stored.trim() ? stored : null;
}

/** R2.10: the access token for the first render: the `token` cookie, else the stored copy. */
export function readInitialAccessToken(): string | null {
  const fromCookie = getCookie(COOKIE_NAMES.token);
  if (isUsableToken(fromCookie)) return fromCookie;
  const stored = readStorage(STORAGE_KEYS.accessToken);
  return isUsableToken(stored) ? stored : null;
}
