import { expect, test } from '@playwright/test';
import { ADMIN_TOKEN } from './support';
import { expectNoSidewaysScroll, signUpFrom } from './wallet-support';

// Notification settings, beta feedback and the support log-in against the real server, at 390 px
// (R2.16, R3.16, R2.11).
test.use({ viewport: { width: 390, height: 844 } });

test('R2.16 R3.16 a setting stays after a reload, feedback reaches the operator, loginSalesforce leaves for support', async ({
  page,
}) => {
  await signUpFrom(page, '/account/notification');
  const promotions = page.getByRole('switch', { name: 'Promosi lewat Email' });
  await expect(promotions).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Keamanan lewat SMS' })).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await promotions.click();
  await expect(page.getByText('Pengaturan notifikasi disimpan.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Promosi lewat Email' })).toBeChecked();

  // Telegram: a single-use t.me deep link.
  await page.getByRole('button', { name: 'Hubungkan Telegram' }).click();
  await expect(page.getByRole('link', { name: 'Buka Telegram' })).toHaveAttribute(
    'href',
    /^https:\/\/t\.me\/LumbungSandboxBot\?start=[A-Za-z0-9_-]{43}$/,
  );

  await page.goto('/account');
  await page.getByRole('button', { name: /Kirim masukan/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Kirim masukan' });
  // The radio inputs of MUI's Rating are visually hidden; people click the star (its label).
  await dialog.locator('label', { hasText: '4 bintang' }).click();
  await expect(dialog.getByRole('radio', { name: '4 bintang' })).toBeChecked();
  const message = `Grafik cepat ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Masukan Anda (opsional)' }).fill(message);
  await dialog.getByRole('button', { name: 'Kirim' }).click();
  await expect(page.getByText('Terima kasih atas masukan Anda!')).toBeVisible();
  const listed = await page.request.get('/api/admin/feedback?rating=4&size=100', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const body = (await listed.json()) as { data: Array<{ message: string; page: string }> };
  expect(body.data.find((item) => item.message === message)?.page).toBe('/account');

  // R3.16: the support site is outside; answer it locally and check where the browser went.
  await page
    .context()
    .route(/^https:\/\/support\.example\.co\.id\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>support</title>' }),
    );
  await page.goto('/login?loginSalesforce=true');
  await expect(page).toHaveURL(
    /^https:\/\/support\.example\.co\.id\/s\/login\?salesforceIdentifier=sf_[A-Za-z0-9_-]+$/,
  );
});
