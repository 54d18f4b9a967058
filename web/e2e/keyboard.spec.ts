import { expect, test, type Locator, type Page } from '@playwright/test';
import { PIN, signUpFrom, topUpInSandbox } from './wallet-support';

/**
 * Issue 14 (WCAG 2.1.1, 2.4.7): a crypto limit order placed, confirmed with the PIN and cancelled with
 * the keyboard alone, every control reached with Tab and showing a focus ring. Signing up and the
 * top-up before it are set-up, done as the other tests do.
 */

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  const element = await target.elementHandle();
  for (let presses = 0; presses < max; presses += 1) {
    if (await element!.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target.toString()} not reached with ${max} presses of Tab`);
}
/** The focused control shows it: a focus ring, or for MUI fields their focused (thicker, coloured) border. */
async function expectFocusRing(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const shown = await target.evaluate(
    (element) =>
      getComputedStyle(element).outlineStyle !== 'none' ||
      element.closest('.MuiInputBase-root')?.classList.contains('Mui-focused') === true,
  );
  expect(shown).toBe(true);
}

test('a limit order placed, confirmed with the PIN and cancelled with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpFrom(page, '/balance');
  await topUpInSandbox(page, '1000000');

  await page.goto('/trade/BTC-IDR');
  const panel = page.getByRole('region', { name: 'Transaksi', exact: true });
  const firstBid = page.getByRole('table', { name: 'Penawaran beli' }).getByRole('row').nth(1);
  await expect(firstBid).toHaveAttribute('aria-label', /^Rp/);
  const bid = Number(((await firstBid.getAttribute('aria-label')) ?? '').split(' · ')[0]!.replace(/\D/g, ''));
  const limit = Math.floor(bid / 2);
  const coins = (Math.ceil((30_000 / limit) * 1e8) / 1e8).toFixed(8);

  // The order kind: open the list, move to Limit, choose it.
  const kind = panel.getByRole('combobox', { name: 'Jenis order' });
  await tabTo(page, kind);
  await expectFocusRing(kind);
  await page.keyboard.press('Enter');
  const limitOption = page.getByRole('option', { name: 'Limit', exact: true });
  for (
    let presses = 0;
    presses < 10 && !(await limitOption.evaluate((o) => o === document.activeElement));
    presses += 1
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(kind).toHaveText('Limit');

  const price = panel.getByRole('textbox', { name: 'Harga limit' });
  await tabTo(page, price);
  await page.keyboard.type(String(limit));
  const amount = panel.getByRole('textbox', { name: 'Jumlah' });
  await tabTo(page, amount);
  await page.keyboard.type(coins);

  const review = panel.getByRole('button', { name: 'Tinjau beli BTC' });
  await tabTo(page, review);
  await expectFocusRing(review);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Tinjau beli BTC' });
  const confirm = dialog.getByRole('button', { name: 'Konfirmasi order' });
  await tabTo(page, confirm, 20);
  await page.keyboard.press('Enter');
  // The PIN field has the focus as its dialog opens: six digits confirm.
  const pin = page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN');
  await expect(pin).toBeFocused();
  await page.keyboard.type(PIN);
  await expect(page.getByText('Order Beli terpasang.')).toBeVisible();

  const open = page.getByRole('region', { name: 'Aktivitas trading' }).getByRole('table', { name: 'Order terbuka' });
  await expect(open.getByRole('row', { name: /BTC-IDR/ })).toHaveCount(1);
  const cancel = open.getByRole('button', { name: /^Batalkan order / });
  await tabTo(page, cancel);
  await expectFocusRing(cancel);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Order dibatalkan.')).toBeVisible();
  await expect(open.getByText('Tidak ada order terbuka.')).toBeVisible();
});
