import { useCallback } from 'react';
import { localizePath } from '@/lib/locale';
import { useAppStore } from '@/lib/store';
import type { Locale } from '@/types';

export function useLocale(): Locale {
  return useAppStore((state) => state.misc.language);
}

/** Turns a locale-neutral app path into the current locale's URL (`/x` → `/en/x` in English). */
export function useLocalizePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}
