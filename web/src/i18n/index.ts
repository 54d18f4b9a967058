import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@/lib/locale';
import type { Locale } from '@/types';
import type id from './id.json';

/**
 * Indonesian (`id.json`) is the source locale: its shape is the type of every key (see i18next.d.ts),
 * and `en.json` must have exactly the same keys (R1.01, checked by i18n.test.ts). Each language is its
 * own chunk, loaded when a page of that language is first shown (the locale root's loader waits for
 * it), so a visitor downloads one language, not both. A missing key is loud in development.
 */
export type Translation = typeof id;

const loaders: Record<Locale, () => Promise<Translation>> = {
  id: () => import('./id.json').then((module) => module.default),
  en: () => import('./en.json').then((module) => module.default satisfies Translation),
};
const loading = new Map<Locale, Promise<void>>();

export function initI18n(locale: Locale = DEFAULT_LOCALE) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: {},
      partialBundledLanguages: true,
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

/** Adds a language's texts (tests add both up front; the app loads them with `loadLocale`). */
export function addTranslation(locale: Locale, translation: Translation) {
  i18n.addResourceBundle(locale, 'translation', translation, true, true);
}

/** Loads a language's texts once; later calls share the same promise. A failed load may be retried. */
export function loadLocale(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaders[locale]().then(
      (translation) => addTranslation(locale, translation),
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

export { i18n };
