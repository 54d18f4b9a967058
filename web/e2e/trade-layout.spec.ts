import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type AppTheme } from './theme-fixture';
import { expectNoSidewaysScroll, PIN, signUpAtLogin, topUpInSandbox } from './wallet-support';

/**
 * The trade page and navigation as retail investors expect them (issue 26), at a 390 px phone,
 * a 768 px tablet and a 1440 px desktop, against the real server. The trade page's journeys are
 * tagged @trade-page: the `trade-light` project runs them again in the light theme.
 */

const PHONE = { width: 390, height: 844 };

/** The page is drawn in the theme the project asked for (the server renders it from the cookie). */
async function expectTheme(page: Page, theme: AppTheme): Promise<void> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\btheme-${theme}\\b`));
}

/**
 * Scrolls the page `distancePx` past the order panel's place and expects the panel to stay in view,
 * 16 px under the header (it is sticky while the side panels beside it scroll).
 */
async function expectOrderPanelSticks(page: Page, order: Locator, distancePx: number): Promise<void> {
  const start = await order.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), start + distancePx);
  const headerPx = await page.evaluate(() =>
    parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')),
  );
  await expect.poll(async () => Math.round((await order.boundingBox())!.y)).toBe(headerPx + 16);
  await expect(order).toBeInViewport();
}

/** Collects layout shifts (CLS) from the start of the page, as Lighthouse counts them. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = window as unknown as { __cls: number };
    store.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) store.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The narrowest space between neighbouring numbers of the order book's rows, in px (text to text). */
async function smallestGapPx(book: Locator): Promise<number> {
  const gaps = await book.evaluate((node) =>
    Array.from(node.querySelectorAll('tbody tr')).flatMap((row) => {
      const texts = Array.from(row.querySelectorAll('td')).map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return range.getBoundingClientRect();
      });
      return texts.slice(1).map((text, i) => text.left - texts[i]!.right);
    }),
  );
  expect(gaps.length).toBeGreaterThan(0);
  return Math.min(...gaps);
}

test('R9.03 on a 390 px phone Buy and Sell are on the first screen, the tabs hold book, trades and facts, and the page stays still @trade-page', async ({
  page,
  appTheme,
}) => {
  await page.setViewportSize(PHONE);
  await watchLayoutShifts(page);
  await page.goto('/trade/BTC-IDR');
  await expectTheme(page, appTheme);
  await expect(page.getByRole('heading', { level: 1, name: 'BTC-IDR' })).toBeVisible();
  const actions = page.getByRole('group', { name: 'Beli atau jual' });
  const buy = actions.getByRole('button', { name: 'Beli', exact: true });
  await expect(buy).toBeInViewport();
  await expect(actions.getByRole('button', { name: 'Jual', exact: true })).toBeInViewport();
  // The Buy/Sell bar takes the tab bar's place on this page: nothing covers it.
  await expect(page.getByRole('navigation', { name: 'Navigasi bawah' })).toHaveCount(0);

  const views = page.getByRole('tablist', { name: 'Tampilan pasar' });
  await expect(page.getByRole('region', { name: 'Grafik BTC-IDR' }).locator('canvas').first()).toBeVisible();
  await views.getByRole('tab', { name: 'Buku order' }).click();
  await expect(page.getByRole('region', { name: 'Buku order' }).locator('tbody tr')).toHaveCount(20);
  // Trades arrive live over /ws (trades:BTC-IDR) while the market moves.
  await views.getByRole('tab', { name: 'Transaksi terkini' }).click();
  const trades = page.getByRole('table', { name: 'Transaksi terkini BTC-IDR' });
  await expect(trades.locator('tbody tr td[aria-label]').first()).toHaveAttribute('aria-label', /^(Beli|Jual) Rp/, {
    timeout: 20_000,
  });
  await views.getByRole('tab', { name: 'Info aset' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Info aset' })).toContainText('Harga terakhir');
  await expectNoSidewaysScroll(page);

  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThan(0.1);
});

test('R9.03 at 1440 px the chart takes most of the width beside the book, trades and the order panel; the switcher finds a pair @trade-page', async ({
  page,
  appTheme,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/trade/BTC-IDR');
  await expectTheme(page, appTheme);
  const chart = page.getByRole('region', { name: 'Grafik BTC-IDR' });
  await expect(chart.locator('canvas').first()).toBeVisible();
  const box = await chart.boundingBox();
  expect(box!.width / 1440).toBeGreaterThanOrEqual(0.55);
  const book = page.getByRole('region', { name: 'Buku order' });
  await expect(book).toBeInViewport();
  await expect(book.locator('tbody tr')).toHaveCount(20);
  // The book's numbers stand apart: no price runs into its quantity, no quantity into its depth.
  expect(await smallestGapPx(book)).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole('region', { name: 'Transaksi terkini' })).toBeVisible();
  const order = page.getByRole('region', { name: 'Transaksi', exact: true });
  await expect(order).toBeInViewport();
  await expectOrderPanelSticks(page, order, 600);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  // The header's links on wide screens; the bottom tab bar is a phone's.
  await expect(
    page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Pasar' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigasi bawah' })).toBeHidden();

  await page.getByRole('button', { name: 'Ganti aset' }).click();
  const switcher = page.getByRole('dialog', { name: 'Pilih aset' });
  await switcher.getByRole('textbox', { name: 'Cari aset' }).fill('eth');
  const eth = switcher.getByRole('link', { name: /^ETH-IDR/ });
  await expect(eth).toContainText(/Rp\d/);
  await eth.click();
  await expect(page).toHaveURL(/\/trade\/ETH-IDR$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ETH-IDR' })).toBeVisible();
});

test('R9.03 at 768 px the chart spans the page with the order panel and book under it; the panel stays in view as they scroll, nothing sideways @trade-page', async ({
  page,
  appTheme,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/trade/BTC-IDR');
  await expectTheme(page, appTheme);
  await expect(page.getByRole('region', { name: 'Grafik BTC-IDR' }).locator('canvas').first()).toBeVisible();
  const order = page.getByRole('region', { name: 'Transaksi', exact: true });
  await expect(order).toBeVisible();
  const book = page.getByRole('region', { name: 'Buku order' });
  await expect(book.locator('tbody tr')).toHaveCount(20);
  expect(await smallestGapPx(book)).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole('group', { name: 'Beli atau jual' })).toHaveCount(0);
  // Scrolled down to the recent trades, beside which the panel still stands.
  await expectOrderPanelSticks(page, order, 700);
  await expect(page.getByRole('region', { name: 'Transaksi terkini' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
});

test('R9.03 the bottom tab bar marks the current place, and no main route scrolls sideways at 390 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await page.goto('/markets');
  const tabs = page.getByRole('navigation', { name: 'Navigasi bawah' });
  await expect(tabs.getByRole('link', { name: 'Pasar' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Beranda' })).not.toHaveAttribute('aria-current', 'page');
  await expectNoSidewaysScroll(page);
  for (const path of ['/', '/trade/BTC-IDR', '/trade/AAPL', '/asset/crypto/BTC-IDR/2', '/login', '/signup']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page);
  }
  // A guest's Portfolio leads to log-in (and back after it, R2.04).
  await page.goto('/');
  await tabs.getByRole('link', { name: 'Portofolio' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signUpAtLogin(page, '/portfolio');
  await expect(tabs.getByRole('link', { name: 'Portofolio' })).toHaveAttribute('aria-current', 'page');
  for (const path of ['/', '/portfolio', '/balance', '/balance/topup', '/transaction-history', '/account']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page);
  }
});

test('R2.04 R1.15 journey at 390 px: a guest presses Buy, signs up, comes back, tops up, buys from the sticky bar, and home shows the holding @trade-page', async ({
  page,
  appTheme,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await page.goto('/trade/BTC-IDR');
  await expectTheme(page, appTheme);
  const buy = page.getByRole('group', { name: 'Beli atau jual' }).getByRole('button', { name: 'Beli', exact: true });
  await buy.click();
  await expect(page).toHaveURL(/\/login$/);
  await signUpAtLogin(page, '/trade/BTC-IDR');
  await expect(page.getByRole('dialog', { name: 'Syarat dan ketentuan terbaru' })).toBeHidden();

  await topUpInSandbox(page, '1000000');
  await page.goto('/trade/BTC-IDR');

  // The sheet with the keyboard alone: it opens on Enter, keeps focus inside, closes on Escape and
  // gives focus back to Buy.
  await buy.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Transaksi BTC-IDR' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute('aria-modal', 'true');
  await expect(sheet.getByRole('tab', { name: 'Beli' })).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press('Tab');
    expect(await sheet.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  const axe = await new AxeBuilder({ page }).include('[role="dialog"][aria-modal="true"]').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(buy).toBeFocused();

  // Buy 400,000 rupiah of BTC from the sheet; it closes with the fill.
  await page.keyboard.press('Enter');
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'IDR', exact: true }).click();
  await sheet.getByRole('textbox', { name: 'Nominal' }).fill('400000');
  await sheet.getByRole('button', { name: 'Tinjau beli BTC' }).click();
  await page.getByRole('dialog', { name: 'Tinjau beli BTC' }).getByRole('button', { name: 'Konfirmasi order' }).click();
  await page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN').fill(PIN);
  await expect(page.getByText(/^Order Beli terisi: .+ BTC\.$/)).toBeVisible();
  await expect(sheet).toBeHidden();
  // The toast sits above the sticky Buy and Sell, never over them.
  const toastBox = (await page
    .getByRole('alert')
    .filter({ hasText: /^Order Beli terisi/ })
    .boundingBox())!;
  const barBox = (await page.getByRole('group', { name: 'Beli atau jual' }).boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
  const activity = page.getByRole('region', { name: 'Aktivitas trading' });
  await activity.getByRole('tab', { name: 'Riwayat order' }).click();
  await expect(page.getByRole('table', { name: 'Riwayat order' }).getByRole('row', { name: /BTC-IDR/ })).toHaveCount(1);
  // The position in the pair, from the holdings.
  await activity.getByRole('tab', { name: 'Posisi' }).click();
  await expect(activity.getByRole('tabpanel', { name: 'Posisi' })).toContainText(/0,\d+ BTC/);

  // Home for a signed-in user: value, balance, the new holding and the order.
  await page.getByRole('link', { name: 'Lumbung, ke beranda' }).click();
  await expect(page.getByRole('region', { name: 'Nilai portofolio' })).toContainText(/Rp\d/);
  await expect(page.getByRole('region', { name: 'Saldo Rupiah' }).getByRole('link', { name: 'Top up' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Aset Anda' }).getByRole('listitem', { name: 'BTC' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order terakhir' })).toContainText('BTC-IDR');
  await expect(
    page.getByRole('navigation', { name: 'Navigasi bawah' }).getByRole('link', { name: 'Beranda' }),
  ).toHaveAttribute('aria-current', 'page');
  await expectNoSidewaysScroll(page);
});
