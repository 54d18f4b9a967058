import { expect, test } from '@playwright/test';
import { HOME_TITLE } from './support';

test.describe('not found', () => {
  test('an unknown path shows the localised not-found page with a link home', async ({ page }) => {
    // Issue 14: the server answers unknown page paths with 404 (and the shell, which renders the page).
    const missing = await page.goto('/tidak-ada');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
    await page.getByRole('link', { name: 'Kembali ke beranda' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();

    const missingEn = await page.goto('/en/nothing-here');
    expect(missingEn?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en');
  });

  test('known pages answer 200, in both languages and under the PWA prefix', async ({ page }) => {
    for (const path of ['/', '/markets', '/en/trade/BTC-IDR', '/pwa/markets']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
    }
  });
});
