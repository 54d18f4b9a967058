import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_TOKEN } from './support';
import { expectNoSidewaysScroll, PIN, signUpFrom, topUpInSandbox, verifyIdentity } from './wallet-support';

/**
 * Issue 11, the US-stock journey of a verified user: a fractional market buy, a limit sell with
 * extended hours that is amended (the exchange accepts) and then cancelled, a 4x intraday buy, and
 * both positions closed with the close-position modal. The server runs the sandbox exchange in its
 * regular session whatever the hour.
 */

async function enterPin(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN').fill(PIN);
}

/** Signs up, tops up, verifies for US stocks, converts rupiah to USD and funds the intraday wallet. */
async function verifiedUserWithDollars(page: Page): Promise<void> {
  await signUpFrom(page, '/balance/usd');
  await topUpInSandbox(page, '10000000');

  await verifyIdentity(page);
  await page.getByRole('button', { name: 'Setujui syarat saham AS' }).click();
  await expect(page.getByText('Saham AS sudah aktif.')).toBeVisible();

  await page.goto('/balance/usd');
  const converter = page.getByRole('region', { name: 'Tukar rupiah dan USD' });
  await converter.getByLabel('Nominal rupiah').fill('9500000');
  await converter.getByRole('button', { name: 'Tinjau', exact: true }).click();
  await page
    .getByRole('region', { name: 'Ringkasan penukaran' })
    .getByRole('button', { name: 'Konfirmasi dengan PIN' })
    .click();
  await enterPin(page);
  await expect(page.getByText(/^Berhasil: Rp9\.500\.000 ↔ \$\d+,\d+\.$/)).toBeVisible();

  const intraday = page.getByRole('region', { name: 'Dompet intraday (4x)' });
  await intraday.getByLabel('Nominal USD').fill('100');
  await intraday.getByRole('button', { name: 'Hitung' }).click();
  await page
    .getByRole('region', { name: 'Ringkasan transfer intraday' })
    .getByRole('button', { name: 'Konfirmasi dengan PIN' })
    .click();
  await enterPin(page);
  await expect(page.getByText('Berhasil. Kas intraday sekarang $100,00.')).toBeVisible();
}

/** The order panel on the chosen side: beside the chart on wide screens, a bottom sheet on phones. */
async function openPanel(page: Page, phone: boolean, side: 'Beli' | 'Jual'): Promise<Locator> {
  if (phone) {
    await page.getByRole('group', { name: 'Beli atau jual' }).getByRole('button', { name: side, exact: true }).click();
    return page.getByRole('dialog', { name: 'Transaksi AAPL' });
  }
  const panel = page.getByRole('region', { name: 'Transaksi', exact: true });
  await panel.getByRole('tab', { name: side }).click();
  return panel;
}

async function choose(page: Page, panel: Locator, label: string, option: string): Promise<void> {
  await panel.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Review, confirm and PIN; expects the result toast. */
async function confirmOrder(page: Page, panel: Locator, review: string, expectText: RegExp): Promise<void> {
  await panel.getByRole('button', { name: review }).click();
  const dialog = page.getByRole('dialog', { name: review });
  await expect(dialog).toContainText(/\$\d+,\d{2} \(Rp[\d.]+\)/);
  await dialog.getByRole('button', { name: 'Konfirmasi order' }).click();
  await enterPin(page);
  await expect(page.getByText(expectText)).toBeVisible();
}

/** A price `factor` away from the bid, on the cent grid, in Indonesian notation. */
async function priceFromBid(page: Page, factor: number): Promise<string> {
  const response = await page.request.get('/api/v1/us-stocks/AAPL/description');
  const { data } = (await response.json()) as { data: { bid: string } };
  return (Math.round(Number(data.bid) * factor * 100) / 100).toFixed(2).replace('.', ',');
}

async function journey(page: Page, phone: boolean): Promise<void> {
  await verifiedUserWithDollars(page);
  await page.goto('/trade?ticker=AAPL');
  const activity = page.getByRole('region', { name: 'Aktivitas trading' });
  // R9.08 the page shows the session the US-stock service reports (the sandbox runs the regular
  // session whatever the hour), the one the order panel follows, not the venue's clock.
  await expect(page.getByText('Sesi: Sesi reguler')).toBeVisible();
  if (!phone) {
    await expect(page.getByRole('region', { name: 'Ringkasan pasar AAPL' })).toContainText('Sesi reguler');
    await expect(page.getByRole('region', { name: 'Transaksi', exact: true })).toContainText('Sesi reguler');
  }

  // R2.13 R4.17 a fractional market buy by quantity: 1,5 shares (1 of them is sold by limit below).
  let panel = await openPanel(page, phone, 'Beli');
  await expect(panel.getByRole('group', { name: 'Leverage' })).toBeVisible();
  await panel.getByRole('textbox', { name: 'Jumlah' }).fill('1,5');
  await expect(panel.getByRole('region', { name: 'Estimasi' })).toContainText(/Anda bayar \(est\.\)\$\d+,\d{2}/);
  await page.screenshot({ path: `test-results/us-stocks-buy-${phone ? 390 : 1440}.png` });
  await confirmOrder(page, panel, 'Tinjau beli AAPL', /^Order Beli AAPL terkirim: (working|filled)\.$/);
  await activity.getByRole('tab', { name: 'Riwayat order' }).click();
  const closed = activity.getByRole('table', { name: 'Riwayat order AS' });
  await expect(closed.getByRole('row').filter({ hasText: 'Market' }).first()).toContainText('filled');
  await expect(closed.getByRole('row').filter({ hasText: 'Market' }).first()).toContainText('1,5');

  // R4.09 a limit sell of 1 share that may work in extended hours, away from the market.
  panel = await openPanel(page, phone, 'Jual');
  await choose(page, panel, 'Jenis order', 'Limit');
  await panel.getByRole('textbox', { name: 'Harga limit' }).fill(await priceFromBid(page, 1.05));
  await panel.getByRole('textbox', { name: 'Jumlah' }).fill('1');
  await choose(page, panel, 'Jam perdagangan', 'Termasuk jam perpanjangan');
  await confirmOrder(page, panel, 'Tinjau jual AAPL', /^Order Jual AAPL terkirim: working\.$/);

  // R2.14 R4.04 GSS amend: the new price is pending until the exchange accepts it.
  await activity.getByRole('tab', { name: 'Order terbuka' }).click();
  const open = activity.getByRole('table', { name: 'Order AS terbuka' });
  const row = open.getByRole('row').filter({ hasText: 'Limit' }).first();
  await expect(row).toContainText('working');
  await expect(row).toContainText('Diterima bursa');
  // The list scrolls inside its own box on a phone, never the page.
  await expectNoSidewaysScroll(page);
  await row.getByRole('button', { name: /^Ubah order AAPL/ }).click();
  const amend = page.getByRole('dialog', { name: 'Ubah order AAPL' });
  const newPrice = await priceFromBid(page, 1.06);
  await amend.getByRole('textbox', { name: 'Harga limit' }).fill(newPrice);
  await amend.getByRole('button', { name: 'Kirim permintaan ubah' }).click();
  await enterPin(page);
  const status = page.getByRole('dialog', { name: 'Permintaan ubah' });
  await expect(status.getByText('Perubahan diterima')).toBeVisible();
  await page.screenshot({ path: `test-results/us-stocks-amend-${phone ? 390 : 1440}.png` });
  await status.getByRole('button', { name: 'Tutup' }).click();
  await expect(row).toContainText(`$${newPrice}`);

  // R4.15 R4.16 a 4x intraday market buy of 1 share: the leverage endpoint, good till market close,
  // no trading hours.
  panel = await openPanel(page, phone, 'Beli');
  await panel.getByRole('group', { name: 'Leverage' }).getByRole('button', { name: '4x intraday' }).click();
  await expect(panel.getByRole('combobox', { name: 'Masa berlaku' })).toHaveCount(0);
  await expect(panel).toContainText('4x intraday: order berlaku sampai pasar tutup');
  await panel.getByRole('textbox', { name: 'Jumlah' }).fill('1');
  await expect(panel.getByRole('region', { name: 'Estimasi' })).toContainText('Dipinjam');
  const placed = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/us-stocks/leverage/buy'),
  );
  await confirmOrder(page, panel, 'Tinjau beli AAPL', /^Order Beli AAPL terkirim: (working|filled)\.$/);
  const body = (await placed).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ stockId: 'AAPL', orderType: 'MARKET', quantity: '1', leverage: 4 });
  expect(body.timeInForce).toBe('GOOD_TILL_MARKET_CLOSE');
  expect(body).not.toHaveProperty('tradingHours');
  await activity.getByRole('tab', { name: 'Riwayat order' }).click();
  await expect(closed.getByRole('row').filter({ hasText: '4x intraday' }).first()).toContainText('filled');

  // R7.13 cancel the limit sell: its share is free again.
  await activity.getByRole('tab', { name: 'Order terbuka' }).click();
  await row.getByRole('button', { name: /^Batalkan order AAPL/ }).click();
  await expect(page.getByText('Order dibatalkan.')).toBeVisible();
  await expect(open).toContainText('Tidak ada order terbuka.');

  // R2.14 close the normal position: every share sold at market.
  await activity.getByRole('tab', { name: 'Posisi' }).click();
  const normal = activity.getByRole('region', { name: 'Posisi AAPL, Normal' });
  await expect(normal).toContainText('1,5 lembar AAPL');
  await normal.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/us-stocks-positions-${phone ? 390 : 1440}.png` });
  await normal.getByRole('button', { name: 'Tutup posisi AAPL Normal' }).click();
  const close = page.getByRole('dialog', { name: 'Tutup AAPL (Normal)' });
  await expect(close).toContainText('1,5 lembar AAPL');
  // Extended hours take whole shares: a fractional position closes at market only.
  await expect(close.getByRole('radio', { name: 'Order limit, boleh di jam perpanjangan' })).toBeDisabled();
  await close.getByRole('button', { name: 'Tutup posisi' }).click();
  await enterPin(page);
  await expect(page.getByText('Order jual untuk menutup AAPL terkirim.')).toBeVisible();
  await expect(normal).toHaveCount(0);

  // R4.16 close the 4x intraday position from the page: its share is sold at market on the leverage
  // endpoint.
  const intradayPosition = activity.getByRole('region', { name: 'Posisi AAPL, Intraday 4x' });
  await expect(intradayPosition).toContainText('1 lembar AAPL');
  await intradayPosition.getByRole('button', { name: 'Tutup posisi AAPL Intraday 4x' }).click();
  const closeIntraday = page.getByRole('dialog', { name: 'Tutup AAPL (Intraday 4x)' });
  await expect(closeIntraday).toBeVisible();
  await closeIntraday.getByRole('button', { name: 'Tutup posisi' }).click();
  await expect(page.getByRole('dialog', { name: 'Masukkan PIN' })).toBeVisible();
  const sold = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/us-stocks/leverage/sell'),
  );
  await enterPin(page);
  expect((await sold).status()).toBe(200);
  await expect(intradayPosition).toHaveCount(0);

  // The portfolio's US-stock section holds nothing any more.
  await page.goto('/portfolio');
  await expect(page.getByRole('region', { name: 'Saham AS' })).toContainText('Belum ada posisi saham AS.');
  await expectNoSidewaysScroll(page);
}

test.describe('US stocks at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('R2.13 R2.14 R4.04 R4.15 R4.16 buy fractional, amend and cancel a limit sell, buy and close a 4x intraday position, close a position', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await journey(page, false);
  });
});

test.describe('US stocks at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('R2.13 R2.14 R4.04 R4.15 R4.16 buy fractional, amend and cancel a limit sell, buy and close a 4x intraday position, close a position', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await journey(page, true);
  });
});

test.describe('US-stock asset page at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the session now and the next change, EPS and an announced dividend; its trade button leads to the US facts', async ({
    page,
  }) => {
    const announced = await page.request.post('/api/admin/us-stocks/corporate-actions', {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      data: {
        stockId: 'AAPL',
        kind: 'DIVIDEND',
        cashPerShare: '0.26',
        exDate: '2099-02-09',
        recordDate: '2099-02-10',
        payDate: '2099-02-15',
      },
    });
    expect(announced.status(), await announced.text()).toBeLessThan(300);

    await page.goto('/asset/usstock/AAPL/1');
    const facts = page.getByRole('region', { name: 'Pasar dan laba AAPL' });
    await expect(facts).toContainText('Sesi reguler');
    // The key figures and the chart say the same session as the US facts (R9.08).
    await expect(page.getByRole('region', { name: 'Angka utama' })).toContainText('Sesi reguler');
    await expect(page.getByText('Sesi: Sesi reguler')).toBeVisible();
    await expect(facts).toContainText(/Pasca-pasar mulai \S+ \d{2}\.\d{2} WIB/);
    await expect(facts.getByRole('table', { name: 'Laba per saham' }).getByRole('row')).toHaveCount(9);
    await expect(facts).toContainText('Dividen $0,26 per lembar, ex-date 2099-02-09, dibayar 2099-02-15');
    await expectNoSidewaysScroll(page);

    await page.getByRole('link', { name: 'Perdagangkan AAPL' }).click();
    await expect(page).toHaveURL(/\/trade\/AAPL$/);
    await page.getByRole('tablist', { name: 'Tampilan pasar' }).getByRole('tab', { name: 'Info aset' }).click();
    const info = page.getByRole('tabpanel', { name: 'Info aset' });
    await expect(info).toContainText('Saham pecahan');
    await expect(info).toContainText('Komisi per eksekusi');
    await expect(info.getByRole('table', { name: 'Laba per saham' })).toBeVisible();
  });
});
