import { expect, test } from '@playwright/test';
import {
  buyUsdtAtMarket,
  depositMargin,
  enterPin,
  expectNoSidewaysScroll,
  signUpFrom as signUp,
  topUpInSandbox,
  verifyIdentity,
} from './wallet-support';

test.describe('USD for a verified user, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('R6.03 R3.10 verify identity in the sandbox, accept the US-stock terms, convert IDR to USD, opt into yield', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUp(page, '/balance/usd');
    await topUpInSandbox(page, '2000000');

    // Unverified: zero balances and the way to the verification step (R6.03).
    await page.goto('/balance/usd');
    await expect(page.getByText(/belum terverifikasi untuk saham AS/)).toBeVisible();
    await page.getByRole('link', { name: 'Verifikasi sekarang' }).click();
    await expect(page).toHaveURL(/\/account\/verification$/);

    await verifyIdentity(page);
    await page.getByRole('button', { name: 'Setujui syarat saham AS' }).click();
    await expect(page.getByText('Saham AS sudah aktif.')).toBeVisible();

    // Convert Rp1.000.000 to USD: review, then the PIN.
    await page.goto('/balance/usd');
    await expect(page.getByText(/belum terverifikasi/)).toBeHidden();
    const converter = page.getByRole('region', { name: 'Tukar rupiah dan USD' });
    await converter.getByLabel('Nominal rupiah').fill('1000000');
    await converter.getByRole('button', { name: 'Tinjau', exact: true }).click();
    const review = page.getByRole('region', { name: 'Ringkasan penukaran' });
    await expect(review).toContainText(/Rp1\.000\.000 menjadi \$\d+,\d+ dengan kurs Rp[\d.,]+\./);
    await review.getByRole('button', { name: 'Konfirmasi dengan PIN' }).click();
    await enterPin(page);
    await expect(page.getByText(/^Berhasil: Rp1\.000\.000 ↔ \$\d+,\d+\.$/)).toBeVisible();

    // The dollars are in the paln bucket (about $60 at a plausible rate).
    const paln = page.getByRole('region', { name: 'Tanpa leverage' });
    await expect(paln).toContainText(/\$(4\d|5\d|6\d|7\d|8\d|9\d),\d+/);

    // Move $10 into the intraday wallet (4x).
    const intraday = page.getByRole('region', { name: 'Dompet intraday (4x)' });
    await intraday.getByLabel('Nominal USD').fill('10');
    await intraday.getByRole('button', { name: 'Hitung' }).click();
    const transfer = page.getByRole('region', { name: 'Ringkasan transfer intraday' });
    await expect(transfer).toContainText('kas intraday $10,00, daya beli $40,00');
    await transfer.getByRole('button', { name: 'Konfirmasi dengan PIN' }).click();
    await enterPin(page);
    await expect(page.getByText('Berhasil. Kas intraday sekarang $10,00.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Intraday 4x' })).toContainText('$40,00');

    // Opt into USD yield.
    await page.getByRole('button', { name: 'Ikuti bunga USD' }).click();
    await expect(page.getByText(/Anda mengikuti bunga USD/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Berhenti dari bunga USD' })).toBeEnabled();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/usd-verified-390.png', fullPage: true });
  });

  test('R3.11 the futures margin wallet: buy USDT, deposit it as margin, withdraw part of it', async ({ page }) => {
    test.setTimeout(180_000);
    await signUp(page, '/balance/futures');
    await expect(page.getByRole('heading', { name: 'Dompet margin futures' })).toBeVisible();
    await expect(page.getByText(/Belum ada margin dan belum ada USDT spot/)).toBeVisible();
    await topUpInSandbox(page, '500000');

    // Spot USDT from the USDT-IDR market, then 5 USDT of it deposited as margin.
    await buyUsdtAtMarket(page, '200000');
    await depositMargin(page, '5');
    const form = page.getByRole('region', { name: 'Pindahkan margin' });
    const review = page.getByRole('region', { name: 'Ringkasan transfer margin' });
    const summary = page.getByRole('region', { name: 'Ringkasan margin' });
    await expect(summary).toContainText('₮100,00'); // buying power: 5 × 20
    await expect(summary).toContainText('0,00%');

    // Withdraw 2 USDT back to spot, priced by the server's estimate.
    await form.getByRole('combobox', { name: 'Arah transfer' }).click();
    await page.getByRole('option', { name: 'Tarik ke USDT spot' }).click();
    await form.getByLabel('Nominal USDT').fill('2');
    await form.getByRole('button', { name: 'Tinjau transfer' }).click();
    await expect(review).toContainText('₮2,00 ditarik dari dompet margin, biaya ₮0,00, ₮2,00 masuk ke USDT spot.');
    await review.getByRole('button', { name: 'Konfirmasi dengan PIN' }).click();
    await enterPin(page);
    await expect(page.getByText('Berhasil. Saldo margin sekarang ₮3,00.')).toBeVisible();
    await expect(summary).toContainText('₮60,00');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/margin-390.png', fullPage: true });
  });
});
