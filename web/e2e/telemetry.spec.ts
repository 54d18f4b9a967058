import { expect, test } from '@playwright/test';
import { HOME_TITLE, stubMarketingSite } from './support';

test.describe('telemetry', () => {
  test('R1.15 click events are batched and accepted by the server', async ({ page }) => {
    await stubMarketingSite(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/v1/analytics/events'), {
      timeout: 15_000,
    });
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Lihat produk' }).click();
    await (await popup).close();
    const response = await sent;
    expect(response.status()).toBe(200);
    const body = JSON.parse(response.request().postData() ?? '{}') as { events: Array<{ name: string; path: string }> };
    expect(body.events.map((event) => event.name)).toContain('home_products_clicked');
    expect(await response.json()).toEqual({ data: { accepted: body.events.length } });
  });

  test('R8.10 uncaught errors and unhandled rejections are logged to the server', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/v1/client-logs'));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e uncaught');
      });
      void Promise.reject(new Error('e2e rejection'));
    });
    const response = await sent;
    expect(response.status()).toBe(200);
    const body = JSON.parse(response.request().postData() ?? '{}') as {
      entries: Array<{ kind: string; message: string }>;
    };
    expect(body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'error', message: 'Error: e2e uncaught' }),
        expect.objectContaining({ kind: 'unhandledrejection', message: 'Error: e2e rejection' }),
      ]),
    );
    expect(await response.json()).toEqual({ data: { accepted: 2 } });
  });
});
