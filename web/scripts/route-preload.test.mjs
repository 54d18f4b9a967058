import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { preloadScript, preloadTable } from './route-preload.mjs';
import { patternSource } from './route-patterns.mjs';

const chunk = (fileName, facadeModuleId, imports = [], isEntry = false) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  imports,
  isEntry,
});
const bundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', '/w/src/main.tsx', ['assets/react-1.js'], true),
    chunk('assets/react-1.js', null),
    chunk('assets/markets-1.js', '/w/src/app/routes/markets.tsx', ['assets/react-1.js', 'assets/tabs-1.js']),
    chunk('assets/tabs-1.js', null),
    chunk('assets/not-found-1.js', '/w/src/app/routes/not-found.tsx', ['assets/react-1.js']),
    chunk('assets/id-1.js', '/w/src/i18n/id.json'),
    chunk('assets/en-1.js', '/w/src/i18n/en.json'),
  ].map((item) => [item.fileName, item]),
);
const table = {
  routes: { '/markets': ['src/app/routes/markets.tsx'], '*': ['src/app/routes/not-found.tsx'] },
  texts: { id: 'src/i18n/id.json', en: 'src/i18n/en.json' },
};

/** The hrefs the inline script preloads when the page is `pathname`. */
function preloadedFor(pathname, built = bundle, routes = table) {
  const links = [];
  const document = {
    createElement: () => ({}),
    head: { appendChild: (link) => links.push(`${link.rel} ${link.href}`) },
  };
  const fetch = (url, init) => {
    links.push(`fetch ${url} ${init.headers['x-language-code']}`);
    return Promise.resolve({});
  };
  const window = {};
  runInNewContext(preloadScript(preloadTable(built, routes), '/'), {
    document,
    window,
    fetch,
    Date,
    location: { pathname, origin: 'https://x.test' },
  });
  if (window.__early) links.push(`early ${Object.keys(window.__early).join(' ')}`);
  return links;
}

// A build with the texts split per page (scripts/route-texts.mjs): the shell's part and the page's.
const splitBundle = Object.fromEntries(
  [
    ...Object.values(bundle).filter((item) => !item.facadeModuleId?.includes('/i18n/')),
    chunk('assets/id-core.js', '/w/src/i18n/id.json?texts=core'),
    chunk('assets/en-core.js', '/w/src/i18n/en.json?texts=core'),
    chunk('assets/id-markets.js', '/w/src/i18n/id.json?texts=markets'),
    chunk('assets/en-markets.js', '/w/src/i18n/en.json?texts=markets'),
    chunk('assets/id.js', '/w/src/i18n/id.json'),
  ].map((item) => [item.fileName, item]),
);

describe('route preload', () => {
  it('turns a route pattern into an exact match with any segment for a parameter', () => {
    expect(new RegExp(patternSource('/trade/:pair')).test('/trade/BTC-IDR')).toBe(true);
    expect(new RegExp(patternSource('/trade/:pair')).test('/trade/BTC-IDR/x')).toBe(false);
    expect(new RegExp(patternSource('/')).test('/')).toBe(true);
  });

  it("preloads the page's chunks and its language's texts, not the entry's chunks", () => {
    expect(preloadedFor('/markets')).toEqual([
      'modulepreload /assets/id-1.js',
      'modulepreload /assets/markets-1.js',
      'modulepreload /assets/tabs-1.js',
    ]);
  });

  it('reads the language and the PWA prefix from the path, and falls back to the catch-all', () => {
    expect(preloadedFor('/en/pwa/markets/')).toEqual([
      'modulepreload /assets/en-1.js',
      'modulepreload /assets/markets-1.js',
      'modulepreload /assets/tabs-1.js',
    ]);
    expect(preloadedFor('/nowhere')).toEqual(['modulepreload /assets/id-1.js', 'modulepreload /assets/not-found-1.js']);
  });

  it("preloads the shell's texts and the page's own texts when the build splits them", () => {
    expect(preloadedFor('/markets', splitBundle)).toEqual([
      'modulepreload /assets/id-core.js',
      'modulepreload /assets/markets-1.js',
      'modulepreload /assets/tabs-1.js',
      'modulepreload /assets/id-markets.js',
    ]);
    expect(preloadedFor('/en/nowhere', splitBundle)).toEqual([
      'modulepreload /assets/en-core.js',
      'modulepreload /assets/not-found-1.js',
    ]);
  });

  it("starts a page's early GET calls with its path parameter as a ticker, for the API client to take", () => {
    const withEarly = {
      routes: { '/trade/:pair': ['src/app/routes/markets.tsx'], '*': ['src/app/routes/not-found.tsx'] },
      texts: table.texts,
      early: { '/trade/:pair': ['/api/v1/markets/ticker?symbol=:pair', '/api/v1/markets/symbol-info?symbol=:pair'] },
    };
    expect(preloadedFor('/en/trade/btc-idr', bundle, withEarly)).toEqual([
      'fetch /api/v1/markets/ticker?symbol=BTC-IDR en',
      'fetch /api/v1/markets/symbol-info?symbol=BTC-IDR en',
      'modulepreload /assets/en-1.js',
      'modulepreload /assets/markets-1.js',
      'modulepreload /assets/tabs-1.js',
      'early https://x.test/api/v1/markets/ticker?symbol=BTC-IDR https://x.test/api/v1/markets/symbol-info?symbol=BTC-IDR',
    ]);
    expect(preloadedFor('/nowhere', bundle, withEarly)).not.toContain(expect.stringMatching(/^fetch/));
    expect(() => preloadTable(bundle, { ...withEarly, early: { '*': ['/api/x?s=:pair'] } })).toThrow(/names :pair/);
  });
});
