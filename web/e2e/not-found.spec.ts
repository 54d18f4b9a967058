import { expect, test } from '@playwright/test';
import { HOME_TITLE } from './support';

test.describe('not found', () => {
  test('an unknown path shows the localised not-found page with a link home', async ({ page }) => {
    await page.goto('/tidak-ada');
    await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
    await page.getByRole('link', { name: 'Kembali ke beranda' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();

    await page.goto('/en/nothing-here');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en');
  });
});
