import { expect, test } from '@playwright/test';
import { readOtp, uniquePhone } from './support';

/** Visual check of sign-up, the OTP modal, the PIN step and the device list (`SCREENSHOTS=1`). */
const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const size of sizes) {
  for (const theme of ['dark', 'light'] as const) {
    test(`auth screenshots ${size.name} ${theme}`, async ({ page, context }) => {
      test.setTimeout(60_000);
      const shot = (name: string) => `e2e/.screenshots/auth-${name}-${size.name}-${theme}.png`;
      await context.addCookies([
        { name: 'theme', value: theme, url: `http://127.0.0.1:${process.env.E2E_PORT ?? 18080}` },
      ]);
      await page.setViewportSize({ width: size.width, height: size.height });
      const phone = uniquePhone();
      await page.goto('/signup');
      await page.getByLabel('Nomor ponsel').fill(phone);
      await page.screenshot({ path: shot('signup') });
      await page.getByRole('button', { name: 'Lanjut' }).click();
      const dialog = page.getByRole('dialog', { name: 'Masukkan kode verifikasi' });
      await dialog.getByRole('button', { name: 'Sandbox: buka kotak masuk SMS' }).click();
      await expect(dialog.getByRole('button', { name: 'Pakai kode ini' })).toBeVisible();
      await dialog.getByLabel('Kode verifikasi').fill('123');
      await page.waitForTimeout(300);
      await page.screenshot({ path: shot('otp') });
      await dialog.getByLabel('Kode verifikasi').fill(await readOtp(page.request, phone));
      await expect(dialog).toBeHidden();
      await page.getByRole('textbox', { name: 'PIN', exact: true }).fill('1111');
      await page.screenshot({ path: shot('pin') });
      await page.getByRole('textbox', { name: 'PIN', exact: true }).fill('135792');
      await page.getByRole('textbox', { name: 'Ulangi PIN', exact: true }).fill('135792');
      await page.getByRole('button', { name: 'Saya setuju' }).click();
      await page.goto('/account/manage-session');
      await expect(page.getByRole('listitem').filter({ hasText: 'Perangkat ini' })).toBeVisible();
      await page.screenshot({ path: shot('sessions'), fullPage: true });
      await page.goto('/en/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
      await page.screenshot({ path: shot('account-en'), fullPage: true });
    });
  }
}
