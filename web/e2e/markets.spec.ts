import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_TOKEN } from './support';

/**
 * Markets as a visitor sees them (R1.12 guest mode), against the real server and its sandbox market:
 * the guest explore page with its chart and order book, the markets list, and a halt set by the
 * operator (R4.13).
 */

const DEFAULT_HALT_ID =
  'Pembelian dan penjualan aset ini untuk sementara tidak tersedia karena tindakan regulator, fluktuasi harga, berita, atau kendala teknis.';

interface Flags {
  enableBuy: boolean;
  enableSell: boolean;
  tradingHaltReason?: { title: string; description: string } | null;
}

/** The operator's flags switch (POST /api/admin/markets/flags). */
async function setFlags(request: APIRequestContext, symbol: string, flags: Flags): Promise<void> {
  const response = await request.post('/api/admin/markets/flags', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: {
      symbol,
      enableBuy: flags.enableBuy,
      enableSell: flags.enableSell,
      enableBuyForProMode: flags.enableBuy,
      enableSellForProMode: flags.enableSell,
      tradingHaltReason: flags.tradingHaltReason ?? null,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('R1.12 R5.08 R9.07 a guest explores USDT-IDR: chart canvas, 10 levels a side, resolution switch', async ({
  page,
}) => {
  await page.goto('/trade/USDT-IDR');
  await expect(page.getByRole('heading', { level: 1, name: 'USDT-IDR' })).toBeVisible();
  const header = page.getByRole('region', { name: 'Ringkasan pasar USDT-IDR' });
  await expect(header).toContainText(/Rp\d{1,3}(\.\d{3})*/);
  await expect(header).toContainText('Buka 24/7');

  const chart = page.getByRole('region', { name: 'Grafik USDT-IDR' });
  await expect(chart.locator('canvas').first()).toBeVisible();
  // Crypto offers the R9.07 resolutions and the R4.12 ranges.
  const resolutions = chart.getByRole('group', { name: 'Resolusi' });
  await expect(resolutions.getByRole('button')).toHaveCount(9);
  await expect(chart.getByRole('group', { name: 'Rentang' }).getByRole('button')).toHaveCount(7);
  await expect(chart.getByText(/Perubahan harga 1 hari: [+-]?\d+,\d{2}%/)).toBeVisible();

  const book = page.getByRole('region', { name: 'Buku order' });
  await expect(book.getByRole('table', { name: 'Penawaran jual' }).locator('tbody tr')).toHaveCount(10);
  await expect(book.getByRole('table', { name: 'Penawaran beli' }).locator('tbody tr')).toHaveCount(10);
  // The deepest level of each side is the whole shown quantity.
  await expect(book.getByRole('table', { name: 'Penawaran beli' }).locator('tbody tr').last()).toContainText('100,00%');

  // The book moves with the market over /ws: the best bid changes within a few seconds.
  const bestBid = book.getByRole('table', { name: 'Penawaran beli' }).locator('tbody tr').first();
  const firstBest = await bestBid.textContent();
  await expect.poll(() => bestBid.textContent(), { timeout: 20_000 }).not.toBe(firstBest);

  const fifteen = resolutions.getByRole('button', { name: '15 menit' });
  const candles = page.waitForResponse(
    (r) => r.url().includes('/api/v1/markets/candles') && r.url().includes('resolution=15'),
  );
  await fifteen.click();
  expect((await candles).status()).toBe(200);
  await expect(fifteen).toHaveAttribute('aria-pressed', 'true');

  const weekly = page.waitForResponse(
    (r) => r.url().includes('/api/v1/markets/candles') && r.url().includes('range=1W'),
  );
  await chart.getByRole('group', { name: 'Rentang' }).getByRole('button', { name: '1 minggu' }).click();
  expect((await weekly).status()).toBe(200);
  await expect(chart.getByText(/Perubahan harga 1 minggu: [+-]?\d+,\d{2}%/)).toBeVisible();

  await chart.getByRole('button', { name: /Indikator/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'MACD' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'MACD' })).toHaveAttribute('aria-checked', 'true');
});

test('R4.12 scrolling the chart back loads older candles, and live updates do not reset the view', async ({ page }) => {
  // Listen before navigating: the first history can arrive before the canvas shows.
  const history = page.waitForResponse(
    (r) => r.url().includes('/api/v1/markets/candles') && r.url().includes('limit=500'),
  );
  await page.goto('/trade/BTC-IDR');
  const canvas = page.getByRole('img', { name: 'Grafik candlestick BTC-IDR dengan volume' });
  await expect(canvas.locator('canvas').first()).toBeVisible();
  await history;
  const older = page.waitForResponse((r) => r.url().includes('/api/v1/markets/candles') && /[?&]to=\d+/.test(r.url()));
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3);
  // Ticks arrive every second meanwhile; the view must keep its scroll position between wheel turns.
  for (let turn = 0; turn < 20; turn += 1) {
    await page.mouse.wheel(-600, 0);
    await page.waitForTimeout(150);
  }
  expect((await older).status()).toBe(200);
});

test('R2.02 the trade page without a pair shows USDT-IDR, and BTCUSDT-PERP for perps', async ({ page }) => {
  await page.goto('/trade');
  await expect(page.getByRole('heading', { level: 1, name: 'USDT-IDR' })).toBeVisible();
  await page.goto('/trade?product=perps');
  await expect(page.getByRole('heading', { level: 1, name: 'BTCUSDT-PERP' })).toBeVisible();
  await page.goto('/trade?ticker=ETH-IDR');
  await expect(page.getByRole('heading', { level: 1, name: 'ETH-IDR' })).toBeVisible();
});

test('R1.01 R9.09 R9.10 the trade page in English: USDT prices with English separators', async ({ page }) => {
  await page.goto('/en/trade/BTCUSDT-PERP');
  await expect(page.getByRole('heading', { level: 1, name: 'BTCUSDT-PERP' })).toBeVisible();
  const book = page.getByRole('region', { name: 'Order book' });
  await expect(book.getByRole('table', { name: 'Bids' }).locator('tbody tr')).toHaveCount(10);
  await expect(book.getByRole('table', { name: 'Asks' }).locator('tbody tr').first()).toContainText(
    /₮\d{1,3}(,\d{3})*(\.\d+)?/,
  );
  await expect(
    page
      .getByRole('region', { name: 'BTCUSDT-PERP chart' })
      .getByRole('group', { name: 'Resolution' })
      .getByRole('button'),
  ).toHaveCount(6);
});

test('an unknown pair says so and leads back to the markets', async ({ page }) => {
  await page.goto('/trade/NOPE-IDR');
  await expect(page.getByText('Aset "NOPE-IDR" tidak ditemukan.')).toBeVisible();
  await page.getByRole('link', { name: 'Kembali ke pasar' }).click();
  await expect(page).toHaveURL(/\/markets$/);
});

test('R1.12 the markets page lists live prices, searches, and a row leads to its trade page', async ({ page }) => {
  await page.goto('/markets');
  await expect(page.getByRole('heading', { level: 1, name: 'Pasar' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Langsung' })).toBeVisible();
  const list = page.getByRole('table', { name: 'Daftar aset Kripto' });
  await expect(list.locator('tbody tr')).toHaveCount(30);
  await expect(page.getByRole('list', { name: 'Naik tertinggi' }).getByRole('listitem').first()).toContainText('%');

  await page.getByRole('searchbox', { name: 'Cari aset' }).fill('bitcoin');
  await expect(list.locator('tbody tr')).toHaveCount(2); // Bitcoin and Bitcoin Cash
  await list.getByRole('link', { name: 'BTC-IDR Bitcoin', exact: true }).click();
  await expect(page).toHaveURL(/\/trade\/BTC-IDR$/);
  await expect(page.getByRole('heading', { level: 1, name: 'BTC-IDR' })).toBeVisible();

  await page.goto('/markets?class=US_STOCK');
  await expect(page.getByRole('tab', { name: 'Saham AS' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Daftar aset Saham AS' })).toContainText('AAPL');
});

test('R4.13 a halted pair shows the red Trading Halted status with the reason, and the default text live', async ({
  page,
  request,
}) => {
  await setFlags(request, 'XRP-IDR', {
    enableBuy: false,
    enableSell: false,
    tradingHaltReason: { title: 'Suspensi sementara', description: 'Dihentikan sementara oleh operator.' },
  });
  try {
    await page.goto('/trade/XRP-IDR');
    const halted = page.getByRole('region', { name: 'Grafik XRP-IDR' }).getByRole('status');
    await expect(halted).toContainText('Perdagangan Dihentikan');
    await expect(halted).toContainText('Suspensi sementara');
    await expect(halted).toContainText('Dihentikan sementara oleh operator.');
  } finally {
    await setFlags(request, 'XRP-IDR', { enableBuy: true, enableSell: true });
  }
  // The lift reaches the open page over /ws.
  await expect(page.getByRole('region', { name: 'Grafik XRP-IDR' }).getByText('Perdagangan Dihentikan')).toHaveCount(0);

  // A halt without a reason, set while the page is open, shows the default text at once.
  await page.goto('/trade/ADA-IDR');
  await expect(page.getByRole('region', { name: 'Grafik ADA-IDR' }).locator('canvas').first()).toBeVisible();
  await setFlags(request, 'ADA-IDR', { enableBuy: false, enableSell: false });
  try {
    const halted = page.getByRole('region', { name: 'Grafik ADA-IDR' }).getByRole('status');
    await expect(halted).toContainText('Perdagangan Dihentikan');
    await expect(halted).toContainText(DEFAULT_HALT_ID);
  } finally {
    await setFlags(request, 'ADA-IDR', { enableBuy: true, enableSell: true });
  }
});

test('the asset pages show the chart, key figures and description; a wrong id is not found', async ({ page }) => {
  await page.goto('/asset/usstock/AAPL/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Apple Inc. (AAPL)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Grafik AAPL' }).locator('canvas').first()).toBeVisible();
  // US stocks offer 5, 10, 15, 60, 1D, 1W (R9.07).
  await expect(page.getByRole('group', { name: 'Resolusi' }).getByRole('button')).toHaveCount(6);
  const figures = page.getByRole('region', { name: 'Angka utama' });
  await expect(figures).toContainText('$');
  await expect(figures).toContainText('Sesi hari ini (WIB)');
  await expect(page.getByRole('region', { name: 'Tentang Apple Inc.' })).toBeVisible();

  await page.goto('/asset/usindex/SPX/1');
  await expect(page.getByRole('heading', { level: 1, name: 'S&P 500 (SPX)' })).toBeVisible();
  await page.goto('/asset/crypto/BTC-IDR/2');
  await expect(page.getByRole('heading', { level: 1, name: 'Bitcoin (BTC-IDR)' })).toBeVisible();
  await page.goto('/asset/crypto/BTC-IDR/999');
  await expect(page.getByText('Aset ini tidak ditemukan.')).toBeVisible();
});

test('R9.03 the markets and trade pages fit a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/trade/USDT-IDR');
  // Phones show the book in a tab beside the chart.
  await page.getByRole('tablist', { name: 'Tampilan pasar' }).getByRole('tab', { name: 'Buku order' }).click();
  await expect(page.getByRole('region', { name: 'Buku order' }).locator('tbody tr')).toHaveCount(20);
  await page.getByRole('tablist', { name: 'Tampilan pasar' }).getByRole('tab', { name: 'Grafik' }).click();
  await expect(page.getByRole('region', { name: 'Grafik USDT-IDR' }).locator('canvas').first()).toBeVisible();
  await expectNoSideways(page);
  await page.goto('/markets');
  await expect(page.getByRole('table', { name: 'Daftar aset Kripto' }).locator('tbody tr')).toHaveCount(30);
  await expectNoSideways(page);
  // Phones reach the markets from the bottom tab bar, which marks where the user is.
  await expect(
    page.getByRole('navigation', { name: 'Navigasi bawah' }).getByRole('link', { name: 'Pasar' }),
  ).toHaveAttribute('aria-current', 'page');
});
