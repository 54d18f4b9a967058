/**
 * The typed table of internal paths (locale-neutral; see lib/locale.ts for the `/en` prefix and
 * lib/pwa.ts for the `/pwa` prefix). Routes owned by later issues add their entries here.
 */
export const paths = {
  home: '/',
  appShell: '/_app',
  /** Built by the identity issue; a forced logout navigates here already (R2.05). */
  login: '/login',
  signup: '/signup',
} as const;

export const LOGIN_PATH = paths.login;

/** API paths used by the shell. */
export const apiPaths = {
  appConfig: '/v1/app/config',
  analyticsEvents: '/v1/analytics/events',
  clientLogs: '/v1/client-logs',
  /** R8.04: a 401/403 answer to the logout call itself never forces another logout. */
  logout: '/v3/user/logout',
} as const;

export const API_BASE = '/api';
