import { expect, test } from '@playwright/test';
import { PIN, fillNewBankAccount, signUpFrom, verifyIdentity } from './wallet-support';

/** Visual check of the wallet pages at phone and desktop sizes (`SCREENSHOTS=1`). */
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
    await verifyIdentity(page);
    const add = await fillNewBankAccount(page);
    await page.screenshot({ path: shot('bank-add') });
    await add.getByRole('button', { name: 'Simpan' }).click();
    await expect(add).toBeHidden();
    await page.screenshot({ path: shot('bank-accounts'), fullPage: true });
    await page.goto('/balance/cashout');
    await page.getByRole('textbox', { name: 'Nominal penarikan' }).fill('100000');
    await expect(page.getByText(/Diproses otomatis/)).toBeVisible();
    await page.screenshot({ path: shot('cashout-form'), fullPage: true });
    await page.getByRole('button', { name: 'Tinjau' }).click();
    await expect(page.getByRole('heading', { name: 'Tinjau penarikan' })).toBeVisible();
    await page.screenshot({ path: shot('cashout-review'), fullPage: true });
    await page.getByRole('button', { name: 'Konfirmasi dengan PIN' }).click();
    await page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN').fill(PIN);
    await expect(page.getByText('sudah dikirim ke rekening Anda.')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: shot('cashout-result'), fullPage: true });
  });
}
