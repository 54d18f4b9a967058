import type { Theme } from '@/types';
import { stripLocale } from './locale';

/**
 * R2.03: PWA routes are the app's routes under the `/pwa` prefix (after the locale prefix, so
 * `/pwa/portfolio` and `/en/pwa/portfolio`). They are shown inside the mobile app's web views: no header
 * or footer, and `?theme=light|dark` sets the theme for that view only (the cookie is not touched).
 * A forced logout does not navigate away from them (R2.05).
 */
export const PWA_PREFIX = '/pwa';

export function isPwaPath(pathname: string): boolean {
  const neutral = stripLocale(pathname);
  return neutral === PWA_PREFIX || neutral.startsWith(`${PWA_PREFIX}/`);
}

/** The page path without the PWA prefix (`/pwa/portfolio` → `/portfolio`); locale-neutral input. */
export function stripPwa(neutralPath: string): string {
  if (neutralPath === PWA_PREFIX) return '/';
  return neutralPath.startsWith(`${PWA_PREFIX}/`) ? neutralPath.slice(PWA_PREFIX.length) : neutralPath;
}

/** The theme flag of a PWA view: only the exact values `light` and `dark` count. */
export function pwaThemeFlag(search: string): Theme | null {
  const value = new URLSearchParams(search).get('theme');
  return value === 'light' || value === 'dark' ? value : null;
}
