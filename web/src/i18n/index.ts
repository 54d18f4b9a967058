import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@/lib/locale';
import type { Locale } from '@/types';
import en from './en.json';
import id from './id.json';

/**
 * Indonesian (`id.json`) is the source locale: its shape is the type of every key (see i18next.d.ts),
 * and `en.json` must have exactly the same keys (R1.01, checked by i18n.test.ts). Both are small, so
 * both are bundled. A missing key is loud in development.
 */
export const resources = {
  id: { translation: id },
  en: { translation: en satisfies typeof id },
} as const;

export function initI18n(locale: Locale = DEFAULT_LOCALE) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: locale,
      fallbackLng: false,
      supportedLngs: ['id', 'en'],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: (_lngs, _ns, key) => {
        if (import.meta.env.DEV) console.error(`i18n: missing key "${key}"`);
      },
    });
  } else if (i18n.language !== locale) {
    void i18n.changeLanguage(locale);
  }
  return i18n;
}

export { i18n };
