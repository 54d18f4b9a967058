import type { Locale } from '@/types';

/**
 * Locale in the URL: Indonesian paths are bare (`/portfolio`), English paths carry the `/en` prefix
 * (`/en/portfolio`). The server renders the canonical link and `<html lang>` from the same rule (R2.07).
 */
export const LOCALES: readonly Locale[] = ['id', 'en'];
export const DEFAULT_LOCALE: Locale = 'id';
export const EN_PREFIX = '/en';

export function isLocale(value: unknown): value is Locale {
  return value === 'id' || value === 'en';
}

export function localeFromPath(pathname: string): Locale {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : 'id';
}

/** The locale-neutral path: `/en/portfolio` → `/portfolio`, `/en` → `/`. */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) !== 'en') return pathname || '/';
  const rest = pathname.slice(EN_PREFIX.length);
  return rest === '' ? '/' : rest;
}

/** Adds the locale prefix to a locale-neutral path (which may carry a query and a hash). */
export function localizePath(path: string, locale: Locale): string {
  const neutral = path.startsWith('/') ? path : `/${path}`;
  if (locale === 'id') return neutral;
  if (neutral === '/') return EN_PREFIX;
  if (neutral.startsWith('/?') || neutral.startsWith('/#')) return `${EN_PREFIX}${neutral.slice(1)}`;
  return `${EN_PREFIX}${neutral}`;
}

/** The same page in the other language, keeping query and hash. */
export function switchLocalePath(location: { pathname: string; search?: string; hash?: string }, to: Locale): string {
  const neutral = stripLocale(location.pathname);
  return localizePath(`${neutral}${location.search ?? ''}${location.hash ?? ''}`, to);
}
