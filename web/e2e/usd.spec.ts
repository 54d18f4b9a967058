import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, signUpFrom } from './wallet-support';

// A verified user's conversion and yield opt-in need a way to set gssKycStatus VERIFIED from a browser
// test (an admin or sandbox route); none exists yet, so this covers what a new (unverified) user sees.
test.describe('/balance/usd', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('R6.03 a new user sees the rate, zero USD balances and why, at 390 px', async ({ page }) => {
    await signUpFrom(page, '/balance/usd');
    await expect(page.getByRole('heading', { name: 'Dompet USD' })).toBeVisible();
    await expect(page.getByText(/belum terverifikasi untuk saham AS/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Kurs USD/IDR' })).toContainText(/Beli Rp[\d.,]+ · Jual Rp[\d.,]+/);
    for (const bucket of ['Tanpa leverage', 'Leverage 2x', 'Intraday 4x']) {
      await expect(page.getByRole('region', { name: bucket })).toContainText('$0,00');
    }
    await expect(page.getByRole('button', { name: 'Tinjau' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Ikuti bunga USD' })).toBeDisabled();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/usd-390.png', fullPage: true });
  });
});
