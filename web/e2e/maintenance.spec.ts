import { expect, test } from '@playwright/test';
import { HOME_TITLE, setMaintenance } from './support';

test.describe('maintenance', () => {
  test.afterEach(async ({ request }) => {
    await setMaintenance(request, false);
  });

  test('R8.02 R4.19 the maintenance screen appears while the operator has maintenance on and goes when it is off', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();

    await setMaintenance(request, true, 5);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sedang dalam pemeliharaan' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toHaveCount(0);
    await expect(page.getByText(/Memeriksa lagi dalam \d+ detik/)).toBeVisible();

    await setMaintenance(request, false);
    // The screen re-checks after Retry-After (5 s) and returns to the app.
    await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Sedang dalam pemeliharaan' })).toHaveCount(0);
  });
});
