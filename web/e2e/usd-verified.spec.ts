import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { expectNoSidewaysScroll, PIN, signUpFrom, topUpInSandbox, verifyIdentity } from './wallet-support';

/** Signs up from `path` and waits until the accepted terms are stored, so later pages ask no more. */
async function signUp(page: Page, path: string): Promise<void> {
  const accepted = page.waitForResponse((r) => r.url().includes('/api/v1/user/bappebti-tnc') && r.ok());
  await signUpFrom(page, path);
  await accepted;
  await expect(page.getByRole('dialog', { name: 'Syarat dan ketentuan terbaru' })).toBeHidden();
}

/** Confirms with the PIN in the shared PIN dialog. */
async function enterPin(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN').fill(PIN);
}

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

    // Spot USDT from the USDT-IDR market: a market buy by rupiah amount.
    await page.goto('/balance/futures');
    await page.getByRole('link', { name: 'Beli USDT' }).click();
    await expect(page).toHaveURL(/\/trade\/USDT-IDR$/);
    // At 390 px the order form opens from the sticky Buy button as a bottom sheet.
    await page
      .getByRole('group', { name: 'Beli atau jual' })
      .getByRole('button', { name: 'Beli', exact: true })
      .click();
    const panel = page.getByRole('dialog', { name: 'Transaksi USDT-IDR' });
    await panel.getByRole('button', { name: 'IDR', exact: true }).click();
    await panel.getByRole('textbox', { name: 'Nominal' }).fill('200000');
    await panel.getByRole('button', { name: 'Tinjau beli USDT' }).click();
    await page
      .getByRole('dialog', { name: 'Tinjau beli USDT' })
      .getByRole('button', { name: 'Konfirmasi order' })
      .click();
    await enterPin(page);
    await expect(page.getByText(/^Order Beli terisi: .+ USDT\.$/)).toBeVisible();

    // Deposit 5 USDT: the review prices it, the PIN confirms it.
    await page.goto('/balance/futures');
    const form = page.getByRole('region', { name: 'Pindahkan margin' });
    await expect(form.getByText(/USDT spot tersedia: ₮\d+/)).toBeVisible();
    await form.getByLabel('Nominal USDT').fill('5');
    await form.getByRole('button', { name: 'Tinjau transfer' }).click();
    const review = page.getByRole('region', { name: 'Ringkasan transfer margin' });
    await expect(review).toContainText('₮5,00 dari USDT spot masuk ke dompet margin. Biaya ₮0,00.');
    await review.getByRole('button', { name: 'Konfirmasi dengan PIN' }).click();
    await enterPin(page);
    await expect(page.getByText('Berhasil. Saldo margin sekarang ₮5,00.')).toBeVisible();
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
