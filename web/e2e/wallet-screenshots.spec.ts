import { expect, test } from '@playwright/test';
import { signUpFrom } from './wallet-support';

/** Visual check of the wallet pages at phone and desktop sizes (`SCREENSHOTS=1`). */
test.skip(!process.env.SCREENSHOTS, 'screenshots are a manual check: SCREENSHOTS=1');

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`wallet screenshots ${size.name}`, async ({ page }) => {
    test.setTimeout(90_000);
    const shot = (name: string) => `e2e/.screenshots/wallet-${name}-${size.name}.png`;
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUpFrom(page, '/balance/topup');
    await page.getByRole('radio', { name: 'BCA Virtual Account' }).check();
    await page.getByRole('textbox', { name: 'Nominal top up' }).fill('150000');
    await page.screenshot({ path: shot('topup-form'), fullPage: true });
    await page.getByRole('button', { name: 'Top up', exact: true }).click();
    await expect(page.getByLabel('Nomor virtual account', { exact: true })).toBeVisible();
    await page.screenshot({ path: shot('topup-va'), fullPage: true });
    await page.getByRole('link', { name: 'Bayar di sandbox' }).click();
    await page.screenshot({ path: shot('sandbox-pay'), fullPage: true });
    await page.getByRole('button', { name: 'Bayar', exact: true }).click();
    await expect(page.getByText('Top up berhasil')).toBeVisible();
    await page.screenshot({ path: shot('topup-paid'), fullPage: true });
    await page.goto('/balance/topup');
    await page.getByRole('radio', { name: 'QRIS' }).check();
    await page.getByRole('textbox', { name: 'Nominal top up' }).fill('100000');
    await page.getByRole('button', { name: 'Top up', exact: true }).click();
    await expect(page.getByRole('img', { name: /Kode QRIS/ })).toBeVisible();
    await page.screenshot({ path: shot('topup-qris'), fullPage: true });
    await page.goto('/balance');
    await expect(page.getByRole('region', { name: 'Total saldo' }).getByText('Rp150.000')).toBeVisible();
    await page.screenshot({ path: shot('balance'), fullPage: true });
    await page.goto('/transaction-history');
    await page.getByRole('button', { name: /Top up \+Rp150\.000/ }).click();
    await expect(page.getByRole('dialog', { name: 'Detail transaksi' })).toBeVisible();
    await page.screenshot({ path: shot('history-details'), fullPage: true });
  });
}
