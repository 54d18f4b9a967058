import { expect, test, type Page } from '@playwright/test';
import { HOME_TITLE } from './support';

/** Waits until the service worker has installed (precached the build) and controls the page. */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

test.describe('service worker (issue 12)', () => {
  test('a visited app opens again offline: the shell and the page render from the precached build', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();
    await serviceWorkerInControl(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // Another page that was never opened online comes from the same shell and the precached code.
    await page.goto('/markets');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Pasar' })).toBeVisible();
  });

  test('never keeps an API answer: offline, the API is unreachable and no cache holds /api or /ws', async ({
    page,
    context,
  }) => {
    await page.goto('/markets');
    await serviceWorkerInControl(page);
    // Calls made while the worker controls the page, which it must let pass untouched.
    expect(await page.evaluate(async () => (await fetch('/api/v1/app/config')).status)).toBe(200);

    await context.setOffline(true);
    const offlineCall = await page.evaluate(() =>
      fetch('/api/v1/app/config').then(
        (response) => `answered ${response.status}`,
        () => 'network error',
      ),
    );
    expect(offlineCall).toBe('network error');

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
      }
      return urls;
    });
    expect(cached).toContain('/_app');
    expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((path) => /^\/(api|ws|metrics|healthz|docs)(\/|$)/.test(path))).toEqual([]);
  });
});
