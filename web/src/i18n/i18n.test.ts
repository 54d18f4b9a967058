import { afterEach, describe, expect, it } from 'vitest';
import en from './en.json';
import id from './id.json';
import { addTranslation, i18n, loadLocale, loadPageTexts, loadWholeLocale, pagePath } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('translations', () => {
  it('R1.01 id.json and en.json have exactly the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(id).sort());
  });

  it('R1.01 every string is non-empty in both locales', () => {
    for (const value of [...leaves(id), ...leaves(en)]) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
    }
  });

  it('R1.01 interpolation placeholders match between the locales', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const idKeys = keys(id);
    const get = (obj: unknown, path: string) =>
      path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], obj) as string;
    for (const key of idKeys) {
      expect(placeholders(get(en, key)), key).toEqual(placeholders(get(id, key)));
    }
  });
});

describe('loading a language on demand', () => {
  // The test setup adds both languages; these tests take English away and put it back.
  afterEach(() => addTranslation('en', en));

  it('loads the language chunk once and then translates in it', async () => {
    i18n.removeResourceBundle('en', 'translation');
    expect(i18n.getFixedT('en')('errorBoundary.reload')).toBe('errorBoundary.reload');
    const first = loadLocale('en');
    expect(loadLocale('en')).toBe(first);
    await first;
    expect(i18n.getFixedT('en')('errorBoundary.reload')).toBe('Reload');
  });

  it('answers at once for a language already loaded', async () => {
    await expect(loadLocale('id')).resolves.toBeUndefined();
    expect(i18n.hasResourceBundle('id', 'translation')).toBe(true);
  });
});

describe("loading a page's texts", () => {
  afterEach(() => addTranslation('en', en));

  it("loads the shell's texts and the page's own, not the rest of the language", async () => {
    i18n.removeResourceBundle('en', 'translation');
    await loadPageTexts('en', '/en/pwa/trade/BTC-IDR/');
    const t = i18n.getFixedT('en');
    expect(t('errorBoundary.reload')).toBe('Reload');
    expect(t('tradePage.closeSheet')).toBe(en.tradePage.closeSheet);
    expect(i18n.getResourceBundle('en', 'translation')).toHaveProperty('tradePage');
    expect(i18n.getResourceBundle('en', 'translation')).not.toHaveProperty('usd');
  });

  it('loads the whole language when a key is missing from what was loaded', async () => {
    i18n.removeResourceBundle('en', 'translation');
    await loadLocale('en');
    expect(i18n.getFixedT('en')('usd.title')).toBe('usd.title');
    await loadWholeLocale('en');
    expect(i18n.getFixedT('en')('usd.title')).toBe(en.usd.title);
  });

  it('finds the page without its language and PWA prefixes', () => {
    expect(pagePath('/en/pwa/trade/BTC-IDR/')).toBe('/trade/BTC-IDR');
    expect(pagePath('/en')).toBe('/');
    expect(pagePath('/pwa')).toBe('/');
    expect(pagePath('/markets')).toBe('/markets');
  });
});
