import { devices, expect, type Page, test } from '@playwright/test';

const canonical = (page: Page) =>
  page.evaluate(() => document.querySelector('link[rel=canonical]')?.getAttribute('href') ?? null);

test.describe('page head', () => {
  test('R2.07 the canonical link is the bare path in Indonesian and the /en path in English', async ({ page }) => {
    await page.goto('/some/path');
    const idHref = await canonical(page);
    expect(idHref).not.toBeNull();
    expect(new URL(idHref!, page.url()).pathname).toBe('/some/path');

    await page.goto('/en/some/path');
    const enHref = await canonical(page);
    expect(new URL(enHref!, page.url()).pathname).toBe('/en/some/path');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('R2.09 the manifest link is present for a desktop browser', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', /manifest\.webmanifest$/);
  });

  test('R2.09 the manifest link is omitted for a mobile user agent', async ({ browser }) => {
    const iphone = devices['iPhone 13'];
    const context = await browser.newContext({
      userAgent: iphone.userAgent,
      viewport: iphone.viewport,
      deviceScaleFactor: iphone.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('link[rel=manifest]')).toHaveCount(0);
    await context.close();
  });

  test('the web manifest and its icons make the app installable', async ({ request }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as {
      icons: Array<{ src: string; sizes: string; purpose: string }>;
      start_url: string;
      display: string;
    };
    expect(manifest.display).toBe('standalone');
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.ok(), icon.src).toBe(true);
      expect(image.headers()['content-type']).toContain('image/png');
    }
  });
});
