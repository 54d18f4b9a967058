import { expect, type Locator, type Page } from '@playwright/test';
import { readOtp, uniquePhone } from './support';

/** Helpers of the wallet browser tests. */

/** The PIN of every account these tests sign up. */
export const PIN = '135792';

/** Signs up through the pages, starting from a protected wallet page that the flow returns to (R2.04). */
export async function signUpFrom(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login$/);
  await signUpAtLogin(page, path);
}

/** Signs up from the log-in page a guest was sent to, and expects to come back to `path` (R2.04). */
export async function signUpAtLogin(page: Page, path: string): Promise<void> {
  const phone = uniquePhone();
  await page.getByRole('main').getByRole('link', { name: 'Daftar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Masukkan kode verifikasi' });
  // The form can re-mount while the page settles and lose what was typed: type again until the code
  // dialog opens (as the auth tests do).
  await page.waitForLoadState('networkidle');
  await expect(async () => {
    if (!(await dialog.isVisible())) {
      await page.getByLabel('Nomor ponsel').fill(phone);
      await page.getByRole('button', { name: 'Lanjut' }).click();
    }
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 25_000 });
  await dialog.getByLabel('Kode verifikasi').fill(await readOtp(page.request, phone, 'SIGNUP'));
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'PIN', exact: true }).fill(PIN);
  await page.getByRole('textbox', { name: 'Ulangi PIN', exact: true }).fill(PIN);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  // New accounts accept the terms first (R3.17). Wait until the acceptance is stored: a page left
  // before that asks again later, over whatever the test does next.
  const accepted = page.waitForResponse((r) => r.url().includes('/api/v1/user/bappebti-tnc') && r.ok());
  await page.getByRole('button', { name: 'Saya setuju' }).click();
  await accepted;
  await expect(page.getByRole('dialog', { name: 'Syarat dan ketentuan terbaru' })).toBeHidden();
}

/** The page is no wider than the viewport: nothing to scroll sideways on a phone. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/** Tops up `amount` rupiah by BCA virtual account and pays it as the sandbox payer; ends on the success screen. */
export async function topUpInSandbox(page: Page, amount: string): Promise<void> {
  await page.goto('/balance/topup');
  await page.getByRole('radio', { name: 'BCA Virtual Account' }).check();
  await page.getByRole('textbox', { name: 'Nominal top up' }).fill(amount);
  await page.getByRole('button', { name: 'Top up', exact: true }).click();
  await page.getByRole('link', { name: 'Bayar di sandbox' }).click();
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await expect(page.getByText('Top up berhasil')).toBeVisible();
}

/**
 * Verifies the identity through the verification page, as "Budi Santoso": the sandbox verifies a
 * plausible NIK (serial not 0000) for a man born 12 May 1990 after about 2 s.
 */
export async function verifyIdentity(page: Page): Promise<void> {
  await page.goto('/account/verification');
  await page.getByLabel('NIK (16 angka)').fill('3201011205900001');
  await page.getByLabel('Nama lengkap sesuai KTP').fill('Budi Santoso');
  await page.getByLabel('Tanggal lahir').fill('1990-05-12');
  await page.getByLabel('Tempat lahir').fill('Bogor');
  await page.getByLabel('Alamat sesuai KTP').fill('Jl. Merdeka No. 1, Bogor');
  await page.getByRole('button', { name: 'Kirim untuk verifikasi' }).click();
  await expect(page.getByText('Identitas Anda sudah terverifikasi.')).toBeVisible({ timeout: 15_000 });
}

/** Confirms with the PIN in the shared PIN dialog. */
export async function enterPin(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN').fill(PIN);
}

/**
 * Buys spot USDT for `rupiah` on the USDT-IDR market, reached from the margin wallet's "Buy USDT"
 * link: a market buy by amount, from the phone's bottom sheet (the page is at 390 px meanwhile).
 */
export async function buyUsdtAtMarket(page: Page, rupiah: string): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/balance/futures');
  await page.getByRole('link', { name: 'Beli USDT' }).click();
  await expect(page).toHaveURL(/\/trade\/USDT-IDR$/);
  // At 390 px the order form opens from the sticky Buy button as a bottom sheet.
  await page.getByRole('group', { name: 'Beli atau jual' }).getByRole('button', { name: 'Beli', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Transaksi USDT-IDR' });
  await panel.getByRole('button', { name: 'IDR', exact: true }).click();
  await panel.getByRole('textbox', { name: 'Nominal' }).fill(rupiah);
  await panel.getByRole('button', { name: 'Tinjau beli USDT' }).click();
  await page
    .getByRole('dialog', { name: 'Tinjau beli USDT' })
    .getByRole('button', { name: 'Konfirmasi order' })
    .click();
  await enterPin(page);
  await expect(page.getByText(/^Order Beli terisi: .+ USDT\.$/)).toBeVisible();
  if (viewport) await page.setViewportSize(viewport);
}

/** Deposits `usdt` from spot USDT into the futures margin wallet: the review prices it, the PIN confirms it. */
export async function depositMargin(page: Page, usdt: string): Promise<void> {
  await page.goto('/balance/futures');
  const form = page.getByRole('region', { name: 'Pindahkan margin' });
  await expect(form.getByText(/USDT spot tersedia: ₮\d+/)).toBeVisible();
  await form.getByLabel('Nominal USDT').fill(usdt);
  await form.getByRole('button', { name: 'Tinjau transfer' }).click();
  const review = page.getByRole('region', { name: 'Ringkasan transfer margin' });
  await expect(review).toContainText(`₮${usdt},00 dari USDT spot masuk ke dompet margin. Biaya ₮0,00.`);
  await review.getByRole('button', { name: 'Konfirmasi dengan PIN' }).click();
  await enterPin(page);
  await expect(page.getByText(`Berhasil. Saldo margin sekarang ₮${usdt},00.`)).toBeVisible();
}

/**
 * On /account/bankAccount of a verified user: opens "Tambah rekening" and fills bank (the first),
 * number and PIN; the dialog, whose Simpan the test clicks.
 */
export async function fillNewBankAccount(page: Page): Promise<Locator> {
  await page.goto('/account/bankAccount');
  await page.getByRole('button', { name: 'Tambah rekening' }).click();
  const add = page.getByRole('dialog', { name: 'Tambah rekening bank' });
  await add.getByRole('combobox', { name: 'Bank' }).click();
  await page.getByRole('option').first().click();
  await add.getByRole('textbox', { name: 'Nomor rekening' }).fill('1234567890');
  await add.getByLabel('PIN').fill(PIN);
  return add;
}
