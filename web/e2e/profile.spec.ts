import { expect, test, type APIRequestContext } from '@playwright/test';
import { readOtp, uniquePhone } from './support';
import { expectNoSidewaysScroll, PIN as SIGNED_UP_PIN, signUpFrom } from './wallet-support';

// The profile page end to end at 390 px: the referral code, an e-mail change with the code read from
// the sandbox inbox, and a sign-up through another user's referral link (in English).
test.use({ viewport: { width: 390, height: 844 } });

const PIN = '482915';

/** The latest sandbox e-mail code for an address, waiting for it to arrive. */
async function readEmailOtp(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/otp-inbox?email=${encodeURIComponent(email)}`);
        const body = (await response.json()) as { data: Array<{ code: string | null; channel: string }> };
        code = body.data.find((message) => message.channel === 'EMAIL' && message.code)?.code ?? undefined;
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

test('sign up, open the profile, change the e-mail with the code from the sandbox inbox', async ({ page }) => {
  await signUpFrom(page, '/account/profile');
  await expect(page.getByTestId('referral-code')).toHaveText(/^[A-Z2-9]{8}$/);
  await expectNoSidewaysScroll(page);

  const email = `budi.${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Tambah email' }).click();
  const form = page.getByRole('dialog', { name: 'Alamat email' });
  await form.getByRole('textbox', { name: /Alamat email/ }).fill('budi@example');
  await form.getByRole('button', { name: 'Lanjut' }).click();
  await expect(form.getByText('Masukkan alamat email yang valid, misalnya nama@contoh.com.')).toBeVisible();
  await form.getByRole('textbox', { name: /Alamat email/ }).fill(email);
  await form.getByRole('button', { name: 'Lanjut' }).click();
  const pin = page.getByRole('dialog', { name: 'Masukkan PIN Anda' });
  await pin.getByLabel('PIN').fill(SIGNED_UP_PIN);

  const otp = page.getByRole('dialog', { name: 'Masukkan kode verifikasi' });
  await expect(otp.getByText(/Kami mengirim kode 6 angka ke email/)).toBeVisible();
  await otp.getByLabel('Kode verifikasi').fill(await readEmailOtp(page.request, email));
  await expect(otp).toBeHidden();
  await expect(page.getByText('Alamat email Anda disimpan.')).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ubah email' })).toBeVisible();
  await page.reload();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
});

test('a sign-up link with ?ref= fills the referral code and names the referrer', async ({ page, browser }) => {
  await signUpFrom(page, '/account/profile');
  const code = (await page.getByTestId('referral-code').textContent())!.trim();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const visitor = await context.newPage();
  const phone = uniquePhone();
  await visitor.goto(`/en/signup?ref=${code}`);
  await expect(visitor.getByRole('textbox', { name: 'Referral code (optional)' })).toHaveValue(code);
  const dialog = visitor.getByRole('dialog', { name: 'Enter the verification code' });
  await visitor.waitForLoadState('networkidle');
  await expect(async () => {
    if (!(await dialog.isVisible())) {
      await visitor.getByLabel('Mobile number').fill(phone);
      await visitor.getByRole('button', { name: 'Continue' }).click();
    }
    await expect(dialog).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 25_000 });
  await expect(visitor.getByText(/Referred by .*\+62\*+/)).toBeVisible();
  await dialog.getByLabel('Verification code').fill(await readOtp(visitor.request, phone, 'SIGNUP'));
  await expect(dialog).toBeHidden();
  await visitor.getByRole('textbox', { name: 'PIN', exact: true }).fill(PIN);
  await visitor.getByRole('textbox', { name: 'Repeat PIN', exact: true }).fill(PIN);
  await expect(visitor).not.toHaveURL(/\/signup/);
  await expectNoSidewaysScroll(visitor);
  await context.close();
});
