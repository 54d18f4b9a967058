import { http, HttpResponse } from 'msw';
import type { Device, LoggedIn, UserDetails } from '@/api/types';
import { storeSessionTokens } from '@/lib/auth-tokens';
import { recordPinVerified } from '@/lib/pin-session';
import { useAppStore } from '@/lib/store';

/** Identity fixtures and MSW handlers for unit tests. */
export const userFixture: UserDetails = {
  id: 'u1',
  phone: '+6281234567890',
  name: null,
  email: null,
  kycStatus: 'UNVERIFIED',
  gssKycStatus: 'UNVERIFIED',
  tags: [],
  language: 'id',
  termsAccepted: true,
  createdAtMs: 1_700_000_000_000,
  referralCode: 'QX7MPR4Z',
  occupation: null,
  incomeRange: null,
  investmentGoal: null,
};

export const loggedInFixture: LoggedIn = {
  accessToken: 'access-token-0123456789',
  refreshToken: 'refresh-token-0123456789',
  expiresInSecs: 900,
  sessionId: 's1',
  user: userFixture,
};

/** A logged-in session with a fresh PIN and known user details. */
export function logIn(user: UserDetails = userFixture): void {
  storeSessionTokens({ accessToken: loggedInFixture.accessToken, refreshToken: loggedInFixture.refreshToken });
  useAppStore.getState().updateAuth({ userDetails: user });
  recordPinVerified(Date.now());
}

export function deviceFixture(overrides: Partial<Device> = {}): Device {
  return {
    id: 'session-1',
    deviceId: 'device-1',
    deviceName: 'Chrome on Windows',
    platform: 'desktop-web',
    ip: '10.0.0.1',
    createdAtMs: 1_700_000_000_000,
    lastSeenAtMs: 1_700_000_600_000,
    current: false,
    ...overrides,
  };
}

export function apiError(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return HttpResponse.json({ error_code: code, error_message: message }, { status, headers });
}

/** GET /api/v3/user/me answers the fixture. */
export const meHandler = http.get('*/api/v3/user/me', () => HttpResponse.json({ data: userFixture }));

/** GET /api/v3/user/me answers the fixture with a verified identity (bank accounts, cash-outs). */
export const verifiedMeHandler = http.get('*/api/v3/user/me', () =>
  HttpResponse.json({ data: { ...userFixture, kycStatus: 'VERIFIED' } }),
);

/** GET /api/v1/user/tags answers no tags. */
export const tagsHandler = http.get('*/api/v1/user/tags', () => HttpResponse.json({ data: { tags: [] } }));
