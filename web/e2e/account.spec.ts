import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, signUpFrom } from './wallet-support';

// Identity verification in the sandbox end to end (R2.16, R3.08, R6.03): a NIK with serial 0001 is
// verified by the sandbox verifier about 2 seconds after submission, then the US-stock terms activate
// US stocks. Runs at 390 px, the narrowest phone the app supports.
test.use({ viewport: { width: 390, height: 844 } });

test('R2.16 R3.08 R6.03 sign up, verify identity in the sandbox, accept the US-stock terms', async ({ page }) => {
  await signUpFrom(page, '/account/verification');
  await page.getByRole('textbox', { name: /NIK \(16 angka\)/ }).fill('3171011205900001');
  await page.getByRole('textbox', { name: /Nama lengkap sesuai KTP/ }).fill('Budi Santoso');
  await page.getByLabel(/Tanggal lahir/).fill('1990-05-12');
  await page.getByRole('textbox', { name: /Tempat lahir/ }).fill('Jakarta');
  await page.getByRole('textbox', { name: /Alamat sesuai KTP/ }).fill('Jl. Merdeka No. 1, Jakarta Pusat');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Kirim untuk verifikasi' }).click();
  await expect(page.getByText(/sedang diperiksa/)).toBeVisible();
  await expect(page.getByText('Identitas Anda sudah terverifikasi.')).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Setujui syarat saham AS' }).click();
  await expect(page.getByText('Saham AS sudah aktif.')).toBeVisible();
  await page.goto('/account/profile');
  await expect(page.getByText('Terverifikasi')).toHaveCount(2);
});
