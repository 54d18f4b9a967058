import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { measureBuild } from '../scripts/route-budgets.mjs';
import { HOME_TITLE, signUpByApi, uniquePhone } from '../e2e/support';
import { CPU_SLOWDOWN, FAST_3G, GOALS, PAGES, PHONE, SETTLE_MS } from './lab-conditions';
import {
  cumulativeLayoutShift,
  recordPageMetrics,
  watchInputToPaint,
  worstInteraction,
  type PageRecord,
} from './lab-metrics';
import { labMarkdown, spliceLabReport, type Figure } from './lab-report';
import { binaryProfile, LAB_SERVER_BINARY } from './lab-server';

/**
 * `make bench` (scripts/bench.sh → `npm run bench:lab`): LCP and CLS of the home, markets and trade pages
 * and the order panel's input-to-paint on a throttled phone, written to docs/bench/web-lab.md with the
 * initial JavaScript per route. Not part of `make test`: timings belong to benchmarks, not tests.
 */
const OUTPUT =
  process.env.WEB_LAB_OUTPUT ??
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'bench', 'web-lab.md');
const PIN = '135790';
const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The entry chunk's URL path (`/assets/index-….js`), from the build manifest: other chunks share its name. */
function entryPath(): string {
  const manifest = JSON.parse(readFileSync(join(webDir, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the build manifest names no entry chunk');
  return `/${entry.file}`;
}

async function phonePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(recordPageMetrics);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  return page;
}

/**
 * What shows once each page has its content, drawn by the app: the server's first view of the page
 * (the same heading, lead and price, crates/server/src/features/web_shell/first_paint.rs) has gone.
 */
async function contentShown(page: Page, name: (typeof PAGES)[number]['name']): Promise<void> {
  const timeout = 60_000;
  await expect(page.locator('[data-first-paint]')).toHaveCount(0, { timeout });
  if (name === 'home') {
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible({ timeout });
  } else if (name === 'markets') {
    await expect(page.getByRole('heading', { level: 1, name: 'Pasar' })).toBeVisible({ timeout });
    await expect(page.getByRole('main').locator('tbody tr').first()).toBeVisible({ timeout });
  } else {
    await expect(page.getByRole('heading', { level: 1, name: 'BTC-IDR' })).toBeVisible({ timeout });
    await expect(page.getByRole('region', { name: 'Grafik BTC-IDR' }).locator('canvas').first()).toBeVisible({
      timeout,
    });
  }
}

/** Loads `path`, waits for its content and for late content to settle, and returns what the page recorded. */
async function visit(page: Page, path: string, name: (typeof PAGES)[number]['name']): Promise<PageRecord> {
  await page.goto(path, { waitUntil: 'load', timeout: 120_000 });
  await contentShown(page, name);
  await page.waitForTimeout(SETTLE_MS);
  return page.evaluate(() => window.__lab);
}

async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

/** A new account that has accepted the terms, logged in through the API; its access token. */
async function tradingAccount(request: APIRequestContext): Promise<string> {
  const phone = uniquePhone();
  const accessToken = await signUpByApi(request, phone, PIN, 'lab');
  const headers = { 'x-device-id': `lab-${phone}`, 'x-platform': 'desktop-web' };
  const bearer = { ...headers, Authorization: `Bearer ${accessToken}` };
  const status = await request.get('/api/v4/user/status', { headers: bearer });
  const { termsVersion } = ((await status.json()) as { data: { termsVersion: number } }).data;
  const accepted = await request.post('/api/v1/user/bappebti-tnc', {
    headers: bearer,
    data: { version: termsVersion },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return accessToken;
}

test('web lab: LCP and CLS of three pages and the order panel input to paint, on a throttled phone', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(20 * 60_000);
  const loadAtStart = loadavg();
  const figures: Figure[] = [];
  let contentEncoding = 'identity';
  const entry = entryPath();

  for (const { path, name } of PAGES) {
    const context = await browser.newContext({ ...PHONE, baseURL, locale: 'id-ID' });
    const page = await phonePage(context);
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === entry) {
        contentEncoding = response.headers()['content-encoding'] ?? 'identity';
      }
    });
    const first = await visit(page, path, name);
    figures.push(
      { figure: `LCP, first visit, ${path}`, value: first.lcp, unit: 'ms', goal: GOALS.lcpMs },
      {
        figure: `CLS, first visit, ${path}`,
        value: cumulativeLayoutShift(first.shifts),
        unit: 'score',
        goal: GOALS.cls,
      },
    );
    await serviceWorkerInControl(page);
    const repeat = await visit(page, path, name);
    figures.push({ figure: `LCP, repeat visit, ${path}`, value: repeat.lcp, unit: 'ms', goal: GOALS.lcpMs });
    await context.close();
  }

  // The order panel: a logged-in user on the trade page opens it with Buy and types an amount.
  const token = await tradingAccount(request);
  const context = await browser.newContext({ ...PHONE, baseURL, locale: 'id-ID' });
  await context.addCookies([{ name: 'token', value: token, url: baseURL! }]);
  const page = await phonePage(context);
  await visit(page, '/trade/BTC-IDR', 'trade');
  await page.getByRole('group', { name: 'Beli atau jual' }).getByRole('button', { name: 'Beli', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Transaksi BTC-IDR' });
  await sheet.getByRole('button', { name: 'IDR', exact: true }).click({ timeout: 60_000 });
  const amount = sheet.getByRole('textbox', { name: 'Nominal' });
  await expect(amount).toBeVisible();
  await page.waitForTimeout(2_000);
  // Only the amount input's interactions count from here.
  await page.evaluate(() => {
    window.__lab.interactions = [];
    window.__lab.inputToPaint = [];
  });
  await amount.elementHandle().then((handle) => handle!.evaluate(watchInputToPaint));
  await amount.click();
  await page.keyboard.type('250000', { delay: 250 });
  await expect(amount).toHaveValue(/250/);
  await page.waitForTimeout(1_000);
  const typed = await page.evaluate(() => window.__lab);
  expect(typed.inputToPaint.length).toBeGreaterThanOrEqual(7);
  const eventTiming = worstInteraction(typed.interactions);
  figures.push(
    {
      figure: 'Order panel amount input: slowest interaction (Event Timing), /trade/BTC-IDR',
      value: eventTiming,
      unit: 'ms',
      goal: GOALS.inputToPaintMs,
      note: eventTiming === null ? 'every interaction under 16 ms, below what the browser reports' : undefined,
    },
    {
      figure: `Order panel amount input: slowest input to next paint (rAF, ${typed.inputToPaint.length} inputs)`,
      value: Math.max(...typed.inputToPaint),
      unit: 'ms',
      goal: GOALS.inputToPaintMs,
    },
  );
  await context.close();

  const sizes = measureBuild().map(({ module, gzip, brotli, budgetKiB }) => ({ module, gzip, brotli, budgetKiB }));
  const generated = labMarkdown({
    measuredAt: new Date(),
    cores: cpus().length,
    binary: { path: LAB_SERVER_BINARY, profile: binaryProfile(LAB_SERVER_BINARY) },
    load: { start: loadAtStart, end: loadavg() },
    contentEncoding,
    figures,
    sizes,
  });
  // Only the generated part is replaced: the hand-written comparisons below it stay.
  writeFileSync(OUTPUT, spliceLabReport(existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : null, generated));
  console.log(`wrote ${OUTPUT}`);
});
