import { expect, test } from '@playwright/test';
import { HOME_TITLE, setMaintenance } from './support';

/** Visual check of the shell (`SCREENSHOTS=1 npm run e2e -- screenshots`); images go to e2e/.screenshots. */

const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'narrow', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const size of sizes) {
  for (const theme of ['dark', 'light'] as const) {
    test(`screenshot ${size.name} ${theme}`, async ({ page, context }) => {
      await context.addCookies([
        { name: 'theme', value: theme, url: `http://127.0.0.1:${process.env.E2E_PORT ?? 18080}` },
      ]);
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: HOME_TITLE.id })).toBeVisible();
      await page.screenshot({ path: `e2e/.screenshots/home-${size.name}-${theme}.png`, fullPage: true });
      await page.goto('/en/nope');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await page.screenshot({ path: `e2e/.screenshots/notfound-${size.name}-${theme}.png` });
    });
  }
}

test('screenshot phone menus and maintenance', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Bahasa' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeVisible();
  await page.waitForTimeout(400); // the menu's fade-in
  await page.screenshot({ path: 'e2e/.screenshots/menu-language-phone.png' });
  await page.keyboard.press('Escape');
  await setMaintenance(request, true, 30);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sedang dalam pemeliharaan' })).toBeVisible();
    await page.screenshot({ path: 'e2e/.screenshots/maintenance-phone.png' });
  } finally {
    await setMaintenance(request, false);
  }
});
