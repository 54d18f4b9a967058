import { devices, expect, type Locator, type Page, test } from '@playwright/test';
import { HOME_TITLE } from './support';

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

/**
 * Where an element is drawn and how its text looks; `colour` false for a live price, which flashes
 * green or red as it ticks.
 */
function looks(locator: Locator, colour: boolean) {
  return locator.evaluate((element, withColour) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      x: Math.round(box.x),
      y: Math.round(box.y),
      height: Math.round(box.height),
      text: `${style.fontWeight} ${style.fontSize}/${style.lineHeight} ${style.letterSpacing}`,
      colour: withColour ? style.color : null,
    };
  }, colour);
}

const FIRST_VIEWS = [
  {
    path: '/',
    heading: HOME_TITLE.id,
    lead: (page: Page) => page.getByText('Beli dan jual kripto dalam Rupiah', { exact: false }),
  },
  {
    path: '/en/markets',
    heading: 'Markets',
    lead: (page: Page) => page.getByText('Prices of every asset, moving live. Browse without an account.'),
  },
  {
    path: '/trade/BTC-IDR',
    heading: 'BTC-IDR',
    lead: (page: Page) =>
      page
        .getByRole('region', { name: 'Ringkasan pasar BTC-IDR' })
        .locator('dl', { has: page.getByText('Harga terakhir', { exact: true }) })
        .locator('dd span'),
  },
] as const;

test('issue 12: the HTML alone paints the page lead or the last price where the app draws it, and the app replaces it', async ({
  browser,
}) => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const htmlOnly = await browser.newContext({ ...phone, javaScriptEnabled: false });
  const app = await browser.newContext(phone);
  // The headings the app's first render put in the root, seen when the server's view left it.
  await app.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root')!;
      new MutationObserver((_, observer) => {
        if (root.querySelector('[data-first-paint]')) return;
        (window as unknown as { __swap: string[] }).__swap = Array.from(
          root.querySelectorAll('h1'),
          (h) => h.textContent,
        );
        observer.disconnect();
      }).observe(root, { childList: true });
    });
  });
  for (const { path, heading, lead } of FIRST_VIEWS) {
    const before = await htmlOnly.newPage();
    await before.goto(path);
    await expect(before.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(lead(before)).toBeVisible();
    if (path.startsWith('/trade')) await expect(lead(before)).toHaveText(/^Rp\d{1,3}(\.\d{3})+$/);

    const after = await app.newPage();
    await after.goto(path);
    await expect(after.locator('[data-first-paint]')).toHaveCount(0);
    await expect(after.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(after.getByRole('heading', { level: 1 })).toHaveCount(1);
    // Page for page: the app's first render already has the heading, no loading placeholder between.
    expect(await after.evaluate(() => (window as unknown as { __swap?: string[] }).__swap)).toEqual([heading]);
    await expect(lead(after)).toHaveText(path.startsWith('/trade') ? /^Rp\d{1,3}(\.\d{3})+$/ : /./);
    // The swap moves nothing: the same heading and lead in the same place, size and colour.
    for (const [name, locate, colour] of [
      ['heading', (page: Page) => page.getByRole('heading', { level: 1, name: heading }), true],
      ['lead', lead, !path.startsWith('/trade')],
    ] as const) {
      expect(await looks(locate(after), colour), `${path} ${name}`).toEqual(await looks(locate(before), colour));
    }
    await before.close();
    await after.close();
  }
  await htmlOnly.close();
  await app.close();
});
