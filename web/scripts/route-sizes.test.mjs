import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { initialFiles, measureRoutes, routeEntries } from './route-sizes.mjs';

// A build as Vite's manifest describes it: the entry imports the shared vendor chunk; home and trade are
// lazy routes; trade imports the chart chunk, which imports vendor again; a dialog is loaded on demand;
// each language's texts are a lazy chunk, the default one loaded before any page renders.
const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_vendor-1.js'],
    dynamicImports: [
      'src/i18n/id.json',
      'src/i18n/en.json',
      'src/app/routes/home.tsx',
      'src/app/routes/trade/index.tsx',
    ],
    css: ['assets/index-1.css'],
  },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  'src/i18n/id.json': { file: 'assets/id-1.js', isDynamicEntry: true },
  'src/i18n/en.json': { file: 'assets/en-1.js', isDynamicEntry: true },
  '_chart-1.js': { file: 'assets/chart-1.js', imports: ['_vendor-1.js'] },
  'src/app/routes/home.tsx': {
    file: 'assets/home-1.js',
    isDynamicEntry: true,
    dynamicImports: ['src/features/dialog.tsx'],
  },
  'src/app/routes/trade/index.tsx': { file: 'assets/trade-1.js', isDynamicEntry: true, imports: ['_chart-1.js'] },
  'src/features/dialog.tsx': { file: 'assets/dialog-1.js', isDynamicEntry: true },
  'src/app/routes/account/layout.tsx': { file: 'assets/layout-1.js', isDynamicEntry: true },
  'src/app/routes/account/overview.tsx': { file: 'assets/overview-1.js', isDynamicEntry: true },
};

const KiB = 1024;
// Fake compressed sizes: every file is 10 KiB gzip and 8 KiB brotli, the chart 150 KiB gzip, the texts 5.
const sizeOf = (file) => {
  if (file === 'assets/chart-1.js') return { gzip: 150 * KiB, brotli: 120 * KiB };
  if (file === 'assets/id-1.js' || file === 'assets/en-1.js') return { gzip: 5 * KiB, brotli: 4 * KiB };
  return { gzip: 10 * KiB, brotli: 8 * KiB };
};

const config = {
  routesDir: 'src/app/routes/',
  defaultGzipKiB: 45,
  everyRouteWith: ['src/i18n/id.json'],
  routes: {
    'src/app/routes/trade/index.tsx': { gzipKiB: 200 },
    'src/app/routes/account/': { with: ['src/app/routes/account/layout.tsx'] },
  },
};

describe('initial JavaScript of a route', () => {
  it('is the entry and the route chunk with their static imports, each once, without dynamic imports or CSS', () => {
    expect(initialFiles(manifest, ['index.html', 'src/app/routes/trade/index.tsx'])).toEqual([
      'assets/chart-1.js',
      'assets/index-1.js',
      'assets/trade-1.js',
      'assets/vendor-1.js',
    ]);
    expect(initialFiles(manifest, ['index.html', 'src/app/routes/home.tsx'])).toEqual([
      'assets/home-1.js',
      'assets/index-1.js',
      'assets/vendor-1.js',
    ]);
  });

  it('lists every lazy route module (not other lazy chunks) with its budget and the chunks loaded with it', () => {
    const routes = routeEntries(manifest, config);
    expect(routes.map((route) => [route.module, route.budgetKiB])).toEqual([
      ['src/app/routes/account/layout.tsx', 45],
      ['src/app/routes/account/overview.tsx', 45],
      ['src/app/routes/home.tsx', 45],
      ['src/app/routes/trade/index.tsx', 200],
    ]);
    // The default language's texts are counted for every route; English is loaded only by English pages.
    expect(routes[1]?.files).toEqual([
      'assets/id-1.js',
      'assets/index-1.js',
      'assets/layout-1.js',
      'assets/overview-1.js',
      'assets/vendor-1.js',
    ]);
  });

  it('sums the compressed sizes and flags a route past its budget', () => {
    const byModule = Object.fromEntries(measureRoutes(manifest, config, sizeOf).map((route) => [route.module, route]));
    expect(byModule['src/app/routes/home.tsx']).toMatchObject({ gzip: 35 * KiB, brotli: 28 * KiB, over: false });
    // Exactly at its budget is within it.
    expect(byModule['src/app/routes/account/overview.tsx']).toMatchObject({ gzip: 45 * KiB, over: false });
    // 185 KiB: within trade's own 200 KiB, though far past the default.
    expect(byModule['src/app/routes/trade/index.tsx']).toMatchObject({ gzip: 185 * KiB, over: false });

    const tighter = { ...config, routes: { ...config.routes, 'src/app/routes/trade/index.tsx': { gzipKiB: 184 } } };
    const trade = measureRoutes(manifest, tighter, sizeOf).find((route) => route.module.includes('trade'));
    expect(trade).toMatchObject({ gzip: 185 * KiB, budgetKiB: 184, over: true });
    // One byte over is over.
    const oneByte = (file) => ({ ...sizeOf(file), gzip: sizeOf(file).gzip + (file === 'assets/home-1.js' ? 1 : 0) });
    const exact = { ...config, defaultGzipKiB: 35 };
    const home = measureRoutes(manifest, exact, oneByte).find((route) => route.module.endsWith('home.tsx'));
    expect(home).toMatchObject({ gzip: 35 * KiB + 1, over: true });
  });

  it('refuses a budget for a route the build does not have, and a manifest without routes', () => {
    const stale = { ...config, routes: { 'src/app/routes/gone.tsx': { gzipKiB: 10 } } };
    expect(() => routeEntries(manifest, stale)).toThrow(/gone\.tsx.*no route module/);
    expect(() => routeEntries(manifest, { ...config, routesDir: 'src/pages/' })).toThrow(/no lazy route/);
    const broken = {
      ...manifest,
      'src/app/routes/home.tsx': { file: 'assets/home-1.js', isDynamicEntry: true, imports: ['_missing.js'] },
    };
    expect(() => routeEntries(broken, config)).toThrow(/_missing\.js.*not in the build manifest/);
  });
});

describe('npm run budgets', () => {
  // The command itself on a small build written here: its exit code is what fails `make test`.
  function runOn(budgetKiB) {
    const dist = mkdtempSync(join(tmpdir(), 'budgets-'));
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index.js', isEntry: true },
        'src/app/routes/home.tsx': { file: 'assets/home.js', isDynamicEntry: true },
      }),
    );
    writeFileSync(join(dist, 'assets', 'index.js'), 'export const a = 1;');
    // Random bytes do not compress: about 3 KiB gzip.
    writeFileSync(join(dist, 'assets', 'home.js'), randomBytes(3 * 1024).toString('latin1'));
    const config = join(dist, 'budgets.json');
    writeFileSync(config, JSON.stringify({ routesDir: 'src/app/routes/', defaultGzipKiB: budgetKiB, routes: {} }));
    return spawnSync(process.execPath, [script, '--dist', dist, '--config', config], { encoding: 'utf8' });
  }
  const script = join(dirname(fileURLToPath(import.meta.url)), 'check-route-budgets.mjs');

  it('exits 1 and names the route when it is over budget', () => {
    const run = runOn(2);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/src\/app\/routes\/home\.tsx .* budget 2 KiB {2}OVER BUDGET/);
    expect(run.stderr).toContain('1 route(s) past their initial-JavaScript budget: src/app/routes/home.tsx');
  });

  it('exits 0 within budget', () => {
    const run = runOn(8);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('all 1 routes within their initial-JavaScript budgets');
  });
});

describe('initial JavaScript of a route whose texts are split per page', () => {
  const split = {
    ...manifest,
    'src/i18n/id.json?texts=core': { file: 'assets/id-core-1.js', isDynamicEntry: true },
    'src/i18n/id.json?texts=trade/index': { file: 'assets/id-trade-1.js', isDynamicEntry: true },
    'src/i18n/id.json?texts=account/layout': { file: 'assets/id-account-1.js', isDynamicEntry: true },
  };
  const splitConfig = { ...config, everyRouteWith: ['src/i18n/id.json?texts=core'], routeTexts: 'src/i18n/id.json' };

  it("counts the shell's texts and the texts of the route and of the modules loaded beside it", () => {
    const files = Object.fromEntries(routeEntries(split, splitConfig).map((route) => [route.module, route.files]));
    expect(files['src/app/routes/trade/index.tsx']).toEqual([
      'assets/chart-1.js',
      'assets/id-core-1.js',
      'assets/id-trade-1.js',
      'assets/index-1.js',
      'assets/trade-1.js',
      'assets/vendor-1.js',
    ]);
    expect(files['src/app/routes/home.tsx']).not.toContain('assets/id-1.js');
    expect(files['src/app/routes/account/overview.tsx']).toContain('assets/id-account-1.js');
  });
});
