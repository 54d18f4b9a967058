import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const ADMIN_TOKEN = 'e2e-admin-token-0123456789';

export const HOME_TITLE = { id: 'Semua investasi Anda, dalam satu tempat', en: 'All your investments, in one place' };

/** The operator's switch (admin API). */
export async function setMaintenance(request: APIRequestContext, enabled: boolean, retryAfterSecs = 5): Promise<void> {
  const response = await request.post('/api/admin/maintenance', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { enabled, retryAfterSecs, message: null },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

export async function htmlClass(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.className);
}

/** Marketing links open the (unreachable) marketing site in a new tab; answer those locally. */
export async function stubMarketingSite(page: Page): Promise<void> {
  await page
    .context()
    .route(/^https:\/\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>marketing</title>' }),
    );
}
