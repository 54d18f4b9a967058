import { expect, test } from '@playwright/test';
import { HOME_TITLE, htmlClass } from './support';

test.describe('theme', () => {
  test('R1.02 R2.10 dark by default, and a switch to light survives a reload, rendered by the server before JS', async ({
    page,
  }) => {
    const first = await page.goto('/');
    expect(await first?.text()).toContain('<html lang="id" data-theme="dark" class="theme-dark">');
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();
    expect(await htmlClass(page)).toContain('theme-dark');

    await page.getByRole('button', { name: 'Tema' }).click();
    await page.getByRole('menuitemradio', { name: 'Terang' }).click();
    await expect(page.locator('html')).toHaveClass(/theme-light/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(245, 247, 250)');

    // The server renders the class from the cookie, so the first paint is already light.
    const reloaded = await page.reload();
    expect(await reloaded?.text()).toContain('class="theme-light"');
    const html = await (await page.request.get('/portfolio')).text();
    expect(html).toContain('data-theme="light"');
    await expect(page.locator('html')).toHaveClass(/theme-light/);
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();

    await page.getByRole('button', { name: 'Tema' }).click();
    await page.getByRole('menuitemradio', { name: 'Gelap' }).click();
    await expect(page.locator('html')).toHaveClass(/theme-dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/theme-dark/);
  });

  test('R2.03 a PWA view hides the layout and takes its theme from ?theme=', async ({ page }) => {
    await page.goto('/pwa?theme=light');
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/theme-light/);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.goto('/pwa/no-such-page?theme=dark');
    await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/theme-dark/);
  });
});
