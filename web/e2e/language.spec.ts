import { expect, test } from '@playwright/test';
import { HOME_TITLE } from './support';

test.describe('language', () => {
  test('R1.01 switching to English goes to the /en path and survives a reload', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();
    await page.getByRole('button', { name: 'Bahasa' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.en })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');

    await page.reload();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.en })).toBeVisible();

    // A bare path with the English cookie is sent to the English page by the server.
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/en\/no-such-page$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'Bahasa Indonesia' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/no-such-page$/);
    await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/no-such-page$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  });
});
