import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loaders, pages, sections, whole } from 'virtual:route-texts';
import { DEFAULT_LOCALE, EN_PREFIX } from '@/lib/locale';
import { PWA_PREFIX } from '@/lib/pwa';
import type { Locale } from '@/types';
import type id from './id.json';

/**
 * Indonesian (`id.json`) is the source locale: its shape is the type of every key (see i18next.d.ts),
 * and `en.json` must have exactly the same keys (R1.01, checked by i18n.test.ts). A visitor downloads
 * one language, and of it only what the page shows (issue 12): the build splits each language into a
 * `core` part (the shell's sections) and one part per page (the sections its code names; see
 * scripts/route-texts.mjs). The locale root's loader waits for the core and the page's parts, loaded
 * beside the page's code. Should a key be missing all the same, the whole language loads and the page
 * re-renders with it; in development a missing key is loud.
 */
export type Translation = typeof id;

type Texts = Record<string, unknown>;
const loading = new Map<string, Promise<void>>();

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
      // A missing key loads the whole language (see above), which re-renders what is shown ('added').
      saveMissing: true,
      missingKeyHandler: (languages, _ns, key, _fallback, _update, options) => {
        // A key with a default (an unknown reason or category from the server) may be missing; others
        // are a bug, or a text the build's split left out of the page's part (scripts/route-texts.mjs).
        const optional = (options as { defaultValue?: unknown } | undefined)?.defaultValue !== undefined;
        if (!optional) console[import.meta.env.DEV ? 'error' : 'warn'](`i18n: missing key "${key}"`);
        for (const language of languages) {
          if (isLocale(language)) void loadWholeLocale(language).catch(() => undefined);
        }
      },
      react: { bindI18nStore: 'added' },
    });
  } else if (i18n.language !== locale) {
    void i18n.changeLanguage(locale);
  }
  return i18n;
}

/** Adds a language's texts (tests add both up front; the app loads them with `loadLocale`). */
export function addTranslation(locale: Locale, translation: Translation | Texts) {
  i18n.addResourceBundle(locale, 'translation', translation, true, true);
}

function isLocale(value: string): value is Locale {
  return value === 'id' || value === 'en';
}

/** Whether every section of `wanted` is there already (loaded as a part, or with the whole language). */
function hasSections(locale: Locale, wanted: readonly string[]): boolean {
  const bundle = i18n.getResourceBundle(locale, 'translation') as Texts | undefined;
  return !!bundle && wanted.every((section) => section in bundle);
}

/** Loads texts once: calls while it loads share the promise; once added, `hasSections` answers. */
function loadOnce(key: string, load: () => Promise<void>): Promise<void> {
  let pending = loading.get(key);
  if (!pending) {
    pending = load().finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

function loadPart(locale: Locale, part: string): Promise<void> {
  const wanted = sections[part];
  const loader = loaders[locale][part];
  if (!wanted || !loader || hasSections(locale, wanted)) return Promise.resolve();
  return loadOnce(`${locale}:${part}`, () => loader().then((texts) => addTranslation(locale, texts)));
}

/** Loads a language's core texts (the shell's). */
export function loadLocale(locale: Locale): Promise<void> {
  return loadPart(locale, 'core');
}

/** Loads every text of a language (when a key was missing from the parts loaded). */
export function loadWholeLocale(locale: Locale): Promise<void> {
  if (hasSections(locale, Object.values(sections).flat())) return Promise.resolve();
  return loadOnce(`${locale}:*`, () => whole[locale]().then((texts) => addTranslation(locale, texts)));
}

/** The path of a page without its language and PWA prefixes: `/en/pwa/trade/BTC-IDR/` → `/trade/BTC-IDR`. */
export function pagePath(pathname: string): string {
  let path = pathname.replace(/\/+$/, '') || '/';
  if (path === EN_PREFIX || path.startsWith(`${EN_PREFIX}/`)) path = path.slice(EN_PREFIX.length) || '/';
  if (path === PWA_PREFIX || path.startsWith(`${PWA_PREFIX}/`)) path = path.slice(PWA_PREFIX.length) || '/';
  return path;
}

/** Loads a language's core texts and those of the page at `pathname` (first matching pattern). */
export function loadPageTexts(locale: Locale, pathname: string): Promise<void> {
  const path = pagePath(pathname);
  const page = pages.find(([pattern]) => new RegExp(pattern).test(path));
  return Promise.all([loadLocale(locale), ...(page?.[1] ?? []).map((part) => loadPart(locale, part))]).then(
    () => undefined,
  );
}

export { i18n };
