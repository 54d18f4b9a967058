import { expect, test } from '@playwright/test';
import { PIN, expectNoSidewaysScroll, signUpFrom, topUpInSandbox } from './wallet-support';

/**
 * Visual check of the screens that show money (`SCREENSHOTS=1`): a user who topped up and bought BTC,
 * at 390 px and 1440 px, in both themes. Images go to e2e/.screenshots.
 */
const PAGES = [
  '/',
  '/markets',
  '/trade/BTC-IDR',
  '/portfolio',
  '/balance',
  '/balance/usd',
  '/balance/futures',
  '/balance/cashout',
  '/account/bankAccount',
  '/account/profile',
];

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1440, height: 900 },
]) {
  test(`money screenshots ${size.name}`, async ({ page, context }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUpFrom(page, '/balance');
    await topUpInSandbox(page, '1000000');
    await page.goto('/trade/BTC-IDR');
    // Phones trade from the sticky Buy button's bottom sheet; wider screens from the side panel.
    const phone = size.width < 640;
    if (phone)
      await page
        .getByRole('group', { name: 'Beli atau jual' })
        .getByRole('button', { name: 'Beli', exact: true })
        .click();
    const panel = phone
      ? page.getByRole('dialog', { name: 'Transaksi BTC-IDR' })
      : page.getByRole('region', { name: 'Transaksi', exact: true });
    await panel.getByRole('button', { name: 'IDR', exact: true }).click();
    await panel.getByRole('textbox', { name: 'Nominal' }).fill('400000');
    await panel.getByRole('button', { name: 'Tinjau beli BTC' }).click();
    await page.screenshot({ path: `e2e/.screenshots/money-review-${size.name}.png` });
    await page
      .getByRole('dialog', { name: 'Tinjau beli BTC' })
      .getByRole('button', { name: 'Konfirmasi order' })
      .click();
    await page.getByRole('dialog', { name: 'Masukkan PIN' }).getByLabel('PIN').fill(PIN);
    await expect(page.getByText(/^Order Beli terisi: .+ BTC\.$/)).toBeVisible();
    for (const theme of ['dark', 'light'] as const) {
      await context.addCookies([{ name: 'theme', value: theme, url: new URL(page.url()).origin }]);
      for (const path of PAGES) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page);
        const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
        await page.screenshot({ path: `e2e/.screenshots/money-${name}-${size.name}-${theme}.png`, fullPage: true });
      }
    }
  });
}
