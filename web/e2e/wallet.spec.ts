import { expect, test } from '@playwright/test';
import {
  expectNoSidewaysScroll,
  fillNewBankAccount,
  PIN,
  signUpFrom,
  topUpInSandbox,
  verifyIdentity,
} from './wallet-support';

test('R1.04 R3.09 R8.09 sign up, zero balance, top up by virtual account, pay in the sandbox, see balance and history', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpFrom(page, '/balance');

  // A new account: everything is zero.
  const total = page.getByRole('region', { name: 'Total saldo' });
  await expect(total.getByText('Rp0', { exact: true })).toBeVisible();
  const breakdown = page.getByRole('list', { name: 'Rincian saldo' });
  await expect(breakdown.getByRole('listitem', { name: 'Saldo bebas' })).toContainText('Rp0');

  // Top up Rp150.000 by BCA virtual account.
  await page.getByRole('group', { name: 'Tindakan saldo' }).getByRole('link', { name: 'Top up' }).click();
  await expect(page).toHaveURL(/\/balance\/topup$/);
  await page.getByRole('radio', { name: 'BCA Virtual Account' }).check();
  await expect(page.getByText('Minimal Rp10.000, maksimal Rp500.000.000')).toBeVisible();
  await page.getByRole('textbox', { name: 'Nominal top up' }).fill('150000');
  const summary = page.getByLabel('Ringkasan pembayaran');
  await expect(summary).toContainText('Rp4.000');
  await expect(summary).toContainText('Rp154.000');
  await page.getByRole('button', { name: 'Top up', exact: true }).click();

  // The instructions: the virtual account number to transfer to and the exact total.
  await expect(page).toHaveURL(/\/balance\/topup\?id=/);
  await expect(page.getByLabel('Nomor virtual account', { exact: true })).toHaveText(/^8808( \d{4}){3}$/);
  await expect(page.getByLabel('Total dibayar', { exact: true })).toHaveText('Rp154.000');
  await expect(page.getByText('Menunggu pembayaran', { exact: true })).toBeVisible();

  // Sandbox: play the payer; the gateway's signed webhook credits the wallet.
  await page.getByRole('link', { name: 'Bayar di sandbox' }).click();
  await expect(page.getByRole('heading', { name: 'Gateway pembayaran sandbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await expect(page.getByText('Top up berhasil')).toBeVisible();
  await expect(page.getByText('Rp150.000 sudah masuk ke saldo Anda.')).toBeVisible();

  await page.getByRole('link', { name: 'Lihat saldo' }).click();
  await expect(total.getByText('Rp150.000', { exact: true })).toBeVisible();
  await expect(breakdown.getByRole('listitem', { name: 'Saldo bebas' })).toContainText('Rp150.000');
  await expect(page.getByRole('link', { name: 'Saldo Rp150.000' })).toBeVisible();

  // The history item with every state it passed through.
  await page.getByRole('group', { name: 'Tindakan saldo' }).getByRole('link', { name: 'Riwayat' }).click();
  await expect(page).toHaveURL(/\/transaction-history$/);
  await page
    .getByRole('list', { name: 'Riwayat transaksi' })
    .getByRole('button', { name: 'Top up +Rp150.000, Berhasil' })
    .click();
  const details = page.getByRole('dialog', { name: 'Detail transaksi' });
  const timeline = details.getByRole('list', { name: 'Perjalanan status' });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').nth(0)).toContainText('Menunggu pembayaran');
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Berhasil');
  await expect(details).toContainText('BCA VA');
});

test('R1.04 the wallet pages fit a 390 px phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpFrom(page, '/balance/topup');
  await page.getByRole('radio', { name: 'QRIS' }).check();
  await page.getByRole('textbox', { name: 'Nominal top up' }).fill('100000');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  // QRIS: the payload drawn as a QR code.
  await expect(page.getByRole('img', { name: 'Kode QRIS untuk Rp100.700' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto('/balance');
  await expect(page.getByRole('region', { name: 'Total saldo' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto('/transaction-history');
  await expect(page.getByRole('list', { name: 'Riwayat transaksi' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('R1.04 R2.16 add a bank account and cash out: review with fee and net, PIN, then the result', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpFrom(page, '/account/bankAccount');
  await topUpInSandbox(page, '300000');

  // Money leaves only to a verified identity: first the way to verification, then the verification.
  await page.goto('/account/bankAccount');
  await expect(page.getByText(/Verifikasi identitas \(KTP\) Anda untuk menambah rekening bank/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tambah rekening' })).toBeHidden();
  await verifyIdentity(page);

  // A bank account in the verified name: bank picker, number, PIN.
  const add = await fillNewBankAccount(page);
  await add.getByRole('button', { name: 'Simpan' }).click();
  await expect(add).toBeHidden();
  const accounts = page.getByRole('list', { name: 'Rekening bank' });
  await expect(accounts.getByRole('listitem')).toHaveCount(1);
  await expect(accounts.getByRole('listitem')).toContainText('7890');
  await expect(accounts.getByRole('listitem')).toContainText('BUDI SANTOSO');

  // Cash out Rp100.000 to it.
  await page.goto('/balance/cashout');
  await expect(page.getByRole('radiogroup', { name: 'Rekening tujuan' }).getByRole('radio')).toBeChecked();
  await page.getByRole('textbox', { name: 'Nominal penarikan' }).fill('100000');
  await page.getByRole('button', { name: 'Tinjau' }).click();
  await expect(page.getByRole('heading', { name: 'Tinjau penarikan' })).toBeVisible();
  const review = page.getByLabel('Rincian penarikan');
  await expect(review).toContainText('Rp100.000');
  await expect(review).toContainText('Biaya');
  await expect(review).toContainText('Diterima di rekening');
  await page.getByRole('button', { name: 'Konfirmasi dengan PIN' }).click();
  await page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN').fill(PIN);
  await expect(page).toHaveURL(/\/balance\/cashout\?id=/);
  await expect(page.getByRole('heading', { name: 'Penarikan dibuat' })).toBeVisible();
  // Auto-approved below the limit: the sandbox disbursement completes it.
  await expect(page.getByText('sudah dikirim ke rekening Anda.')).toBeVisible({ timeout: 30_000 });

  await page.goto('/balance');
  const breakdown = page.getByRole('list', { name: 'Rincian saldo' });
  await expect(breakdown.getByRole('listitem', { name: 'Saldo bebas' })).toContainText('Rp200.000');
  await page.goto('/transaction-history');
  await expect(
    page
      .getByRole('list', { name: 'Riwayat transaksi' })
      .getByRole('button', { name: /^Tarik saldo -Rp100\.000, Selesai$/ }),
  ).toBeVisible();
});
