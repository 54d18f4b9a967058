import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { expectNoSidewaysScroll, PIN, signUpFrom as signUp, topUpInSandbox } from './wallet-support';

/** The best bid in the order book widget, in rupiah (rows are labelled `Rp1.234.567 · 0,5`). */
async function bestBid(page: Page): Promise<number> {
  const first = page.getByRole('table', { name: 'Penawaran beli' }).getByRole('row').nth(1);
  await expect(first).toHaveAttribute('aria-label', /^Rp/);
  const label = (await first.getAttribute('aria-label')) ?? '';
  const price = label.split(' · ')[0]!.replace('Rp', '').replace(/\./g, '').replace(',', '.');
  return Number(price);
}

/** Coins worth `rupiah` at `price`, rounded up to 8 decimals (so the value clears the minimum). */
function coinsFor(rupiah: number, price: number): string {
  return (Math.ceil((rupiah / price) * 1e8) / 1e8).toFixed(8);
}

/** The value of the review line labelled `label` (the review is a description list). */
function reviewLine(dialog: Locator, label: string | RegExp): Locator {
  // A pattern must be written without backslashes: it goes into a CSS string, where a backslash escapes.
  const term = typeof label === 'string' ? `dt:text-is("${label}")` : `dt:text-matches("${label.source}")`;
  return dialog.locator(`${term} + dd`);
}

/** Reviews the panel's order (running `check` on the review first), confirms it and enters the PIN. */
async function reviewAndConfirm(
  page: Page,
  panel: Locator,
  review: string,
  check?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await panel.getByRole('button', { name: review }).click();
  if (check) await check(page.getByRole('dialog', { name: review }));
  await page.getByRole('dialog', { name: review }).getByRole('button', { name: 'Konfirmasi order' }).click();
  await page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN').fill(PIN);
}

async function chooseKind(panel: Locator, page: Page, kind: string): Promise<void> {
  await panel.getByRole('combobox', { name: 'Jenis order' }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
}

test('R1.15 R2.14 R2.15 R4.10 R7.05 R8.08 buy BTC at market, place, amend and cancel a limit buy, an OCO sell, a trailing stop sell, then the portfolio', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, '/balance');
  await topUpInSandbox(page, '1000000');

  await page.goto('/trade/BTC-IDR');
  const panel = page.getByRole('region', { name: 'Transaksi', exact: true });
  const orders = page.getByRole('region', { name: 'Aktivitas trading' });
  const bid = await bestBid(page);
  expect(bid).toBeGreaterThan(0);

  // A market buy by rupiah amount: review, PIN, the fill toast, then the order in the history.
  await panel.getByRole('button', { name: 'IDR', exact: true }).click();
  await panel.getByRole('textbox', { name: 'Nominal' }).fill('400000');
  // R2.13 R5.06: the review says what the rupiah buy gets (the server's estimate) and what it costs.
  await reviewAndConfirm(page, panel, 'Tinjau beli BTC', async (review) => {
    await expect(reviewLine(review, 'Nominal')).toHaveText('Rp400.000');
    await expect(reviewLine(review, 'Perkiraan BTC didapat')).toHaveText(/^0,\d{1,8} BTC$/);
    await expect(reviewLine(review, 'Perkiraan harga')).toHaveText(/^Rp[\d.]+(,\d+)?$/);
    await expect(reviewLine(review, 'Nilai order')).toHaveText(/^Rp[\d.]+$/);
    await expect(reviewLine(review, /^Biaya transaksi [(][0-9,]+%[)]$/)).toHaveText(/^Rp[1-9][\d.]*$/);
    await expect(reviewLine(review, /^Pajak [(][0-9,]+%[)]$/)).toHaveText(/^Rp[\d.]+$/);
    const paid = (await reviewLine(review, 'Anda bayar (perkiraan)').textContent()) ?? '';
    const rupiah = Number(paid.replace('Rp', '').replace(/\./g, ''));
    expect(rupiah).toBeGreaterThan(390_000);
    expect(rupiah).toBeLessThanOrEqual(400_000);
  });
  await expect(page.getByText(/^Order Beli terisi: .+ BTC\.$/)).toBeVisible();
  await orders.getByRole('tab', { name: 'Riwayat order' }).click();
  await expect(orders.getByRole('table', { name: 'Riwayat order' }).getByRole('row', { name: /BTC-IDR/ })).toHaveCount(
    1,
  );

  // A limit buy far below the market rests: it shows among the open orders.
  await orders.getByRole('tab', { name: 'Order terbuka' }).click();
  const limit = Math.floor(bid / 2);
  await chooseKind(panel, page, 'Limit');
  await panel.getByRole('textbox', { name: 'Harga limit' }).fill(String(limit));
  await panel.getByRole('textbox', { name: 'Jumlah' }).fill(coinsFor(30_000, limit));
  await reviewAndConfirm(page, panel, 'Tinjau beli BTC');
  await expect(page.getByText('Order Beli terpasang.')).toBeVisible();
  const open = orders.getByRole('table', { name: 'Order terbuka' });
  await expect(open.getByRole('row', { name: /BTC-IDR/ })).toHaveCount(1);

  // Amend its price (R2.14): the new price shows in the list.
  await open.getByRole('button', { name: /^Ubah order / }).click();
  const amend = page.getByRole('dialog', { name: 'Ubah order' });
  const lower = Math.floor(bid * 0.45);
  await amend.getByRole('textbox', { name: 'Harga limit' }).fill(String(lower));
  await amend.getByRole('button', { name: 'Simpan perubahan' }).click();
  await page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN').fill(PIN);
  await expect(page.getByText('Order diubah.')).toBeVisible();
  await expect(open.getByRole('row', { name: /BTC-IDR/ })).toContainText(
    `Rp${lower.toLocaleString('id-ID').replace(/\u00a0/g, '')}`,
  );

  // Cancel it: the open list empties.
  await open.getByRole('button', { name: /^Batalkan order / }).click();
  await expect(page.getByText('Order dibatalkan.')).toBeVisible();
  await expect(open.getByText('Tidak ada order terbuka.')).toBeVisible();

  // An OCO sell of part of the coins (R2.14): take profit far above, stop loss below; two legs rest.
  await panel.getByRole('tab', { name: 'Jual' }).click();
  await panel.getByRole('button', { name: 'OCO', exact: true }).click();
  const oco = page.getByRole('dialog', { name: 'OCO jual BTC' });
  await oco.getByRole('textbox', { name: 'Jumlah' }).fill(coinsFor(30_000, Math.floor(bid * 0.8)));
  await oco.getByRole('textbox', { name: 'Harga take profit' }).fill(String(Math.floor(bid * 2)));
  await oco.getByRole('textbox', { name: 'Pemicu stop loss' }).fill(String(Math.floor(bid * 0.8)));
  await oco.getByRole('button', { name: 'Konfirmasi order' }).click();
  await page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN').fill(PIN);
  await expect(page.getByText(/^OCO terpasang untuk .+ BTC\.$/)).toBeVisible();
  await expect(open.getByRole('row', { name: /OCO/ })).toHaveCount(2);
  // Cancelling one leg cancels its sibling.
  await open
    .getByRole('button', { name: /^Batalkan order / })
    .first()
    .click();
  await expect(open.getByText('Tidak ada order terbuka.')).toBeVisible();

  // A trailing stop sell (R4.10), 5 % under the best bid: reviewed at its first trigger, it rests among
  // the open orders with its distance (the server moves its trigger, so it has no amend), then goes.
  await chooseKind(panel, page, 'Trailing stop');
  await panel.getByRole('textbox', { name: 'Jarak trailing' }).fill('5');
  await panel.getByRole('textbox', { name: 'Jumlah' }).fill(coinsFor(30_000, Math.floor(bid * 0.95)));
  await reviewAndConfirm(page, panel, 'Tinjau jual BTC', async (review) => {
    await expect(reviewLine(review, 'Jenis order')).toHaveText('Trailing stop');
    await expect(reviewLine(review, 'Jarak trailing')).toHaveText('5%');
    await expect(reviewLine(review, 'Pemicu awal (perkiraan)')).toHaveText(/^Rp[\d.]+$/);
  });
  await expect(page.getByText('Order Jual terpasang.')).toBeVisible();
  const trailing = open.getByRole('row', { name: /Trailing stop · 5%/ });
  await expect(trailing).toHaveCount(1);
  await expect(trailing).toContainText('Jual');
  await expect(trailing.getByRole('button', { name: /^Ubah order / })).toHaveCount(0);
  await trailing.getByRole('button', { name: /^Batalkan order / }).click();
  await expect(open.getByText('Tidak ada order terbuka.')).toBeVisible();

  // The portfolio: the BTC holding with its cost, and the rupiah left on top.
  await page.getByRole('navigation', { name: 'Navigasi utama' }).getByRole('link', { name: 'Portofolio' }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  const holding = page.getByRole('listitem', { name: 'BTC' });
  await expect(holding).toBeVisible();
  await expect(holding).toContainText('Harga rata-rata');
  await expect(holding.getByRole('link', { name: 'Transaksi BTC' })).toHaveAttribute('href', '/trade/BTC-IDR');
  await expect(page.getByRole('group', { name: 'Saldo Rupiah' })).toContainText('Rp');
});

test('R2.15 a new user sees an empty portfolio that fits a 390 px phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, '/portfolio');
  await expect(page.getByText('Belum ada aset kripto')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Saldo Rupiah' })).toContainText('Rp0');
  await expectNoSidewaysScroll(page);
});
