import { afterEach, describe, expect, it } from 'vitest';
import en from './en.json';
import id from './id.json';
import { addTranslation, i18n, loadLocale } from './index';

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
