import { describe, expect, it } from 'vitest';
import { loggedInFixture } from '@/testing/auth';
import { applyLoggedIn, readInitialAccessToken, storeSessionTokens } from './auth-tokens';
import { getCookie } from './cookies';
import { isPinFresh, readPinTimestamp, recordPinVerified, touchPinTimestamp } from './pin-session';
import { useAppStore } from './store';

describe('session tokens', () => {
  it('R5.09 a token pair is stored only when the access token is longer than 12 characters', () => {
    expect(storeSessionTokens({ accessToken: '123456789012', refreshToken: 'r' })).toBe(false);
    expect(useAppStore.getState().auth.accessToken).toBeNull();
    expect(getCookie('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();

    expect(storeSessionTokens({ accessToken: '1234567890123', refreshToken: 'refresh' })).toBe(true);
    expect(useAppStore.getState().auth.accessToken).toBe('1234567890123');
    expect(getCookie('token')).toBe('1234567890123');
    expect(localStorage.getItem('accessToken')).toBe('1234567890123');
    expect(localStorage.getItem('refreshToken')).toBe('refresh');
  });

  it('R3.17 logging in puts the user details in the auth state and starts the PIN timestamp', () => {
    expect(applyLoggedIn(loggedInFixture, 5_000)).toBe(true);
    expect(useAppStore.getState().auth.userDetails).toEqual(loggedInFixture.user);
    expect(readPinTimestamp()).toBe(5_000);
  });

  it('R2.10 the first render takes the token from the cookie, else from storage, only when usable', () => {
    expect(readInitialAccessToken()).toBeNull();
    localStorage.setItem('accessToken', 'short');
    expect(readInitialAccessToken()).toBeNull();
    localStorage.setItem('accessToken', 'stored-token-0123456789');
    expect(readInitialAccessToken()).toBe('stored-token-0123456789');
    document.cookie = 'token=cookie-token-0123456789; Path=/';
    expect(readInitialAccessToken()).toBe('cookie-token-0123456789');
  });
});

describe('PIN timestamp', () => {
  it('R3.17 the PIN is fresh for 15 minutes; activity keeps it fresh but never revives a stale one', () => {
    const t0 = 1_000_000;
    expect(isPinFresh(t0)).toBe(false);
    recordPinVerified(t0);
    expect(isPinFresh(t0 + 14 * 60_000)).toBe(true);
    expect(touchPinTimestamp(t0 + 14 * 60_000)).toBe(true);
    expect(isPinFresh(t0 + 28 * 60_000)).toBe(true);
    expect(isPinFresh(t0 + 29 * 60_000 + 1)).toBe(false);
    expect(touchPinTimestamp(t0 + 30 * 60_000)).toBe(false);
    expect(isPinFresh(t0 + 30 * 60_000)).toBe(false);
  });
});
