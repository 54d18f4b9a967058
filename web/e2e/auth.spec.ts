import { expect, test, type Page } from '@playwright/test';
import { readOtp, signUpByApi, uniquePhone } from './support';

const PIN = '135792';

type Texts = Record<
  | 'prefix'
  | 'signupLink'
  | 'phone'
  | 'continue'
  | 'otpDialog'
  | 'otp'
  | 'pin'
  | 'pinAgain'
  | 'acceptTerms'
  | 'sessions'
  | 'thisDevice'
  | 'account'
  | 'logout'
  | 'profile'
  | 'signupTitle'
  | 'loginTitle',
  string
>;

const TEXT: Record<'id' | 'en', Texts> = {
  id: {
    prefix: '',
    signupLink: 'Daftar',
    phone: 'Nomor ponsel',
    continue: 'Lanjut',
    otpDialog: 'Masukkan kode verifikasi',
    otp: 'Kode verifikasi',
    pin: 'PIN',
    pinAgain: 'Ulangi PIN',
    acceptTerms: 'Saya setuju',
    sessions: 'Sesi perangkat',
    thisDevice: 'Perangkat ini',
    account: 'Akun',
    logout: 'Keluar',
    profile: 'Profil',
    signupTitle: 'Buat akun',
    loginTitle: 'Masuk ke akun Anda',
  },
  en: {
    prefix: '/en',
    signupLink: 'Sign up',
    phone: 'Mobile number',
    continue: 'Continue',
    otpDialog: 'Enter the verification code',
    otp: 'Verification code',
    pin: 'PIN',
    pinAgain: 'Repeat PIN',
    acceptTerms: 'I agree',
    sessions: 'Device sessions',
    thisDevice: 'This device',
    account: 'Account',
    logout: 'Log out',
    profile: 'Profile',
    signupTitle: 'Create your account',
    loginTitle: 'Log in to your account',
  },
};

async function enterPhoneAndCode(page: Page, text: Texts, phone: string, purpose: 'SIGNUP' | 'LOGIN') {
  // The router changes the URL before the next page has rendered (a transition): type only once the
  // page's own heading shows, or the text goes into the previous page's phone field (login and sign-up
  // share the label) and is gone when the new page replaces it.
  const title = purpose === 'SIGNUP' ? text.signupTitle : text.loginTitle;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByLabel(text.phone).fill(phone);
  await page.getByRole('button', { name: text.continue }).click();
  const dialog = page.getByRole('dialog', { name: text.otpDialog });
  await expect(dialog).toBeVisible();
  const code = await readOtp(page.request, phone, purpose);
  await dialog.getByLabel(text.otp).fill(code);
  await expect(dialog).toBeHidden();
}

async function storedSession(page: Page) {
  const cookies = await page.context().cookies();
  const storage = await page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
    pinTimestamp: localStorage.getItem('pinTimestamp'),
  }));
  return { token: cookies.find((cookie) => cookie.name === 'token')?.value ?? null, ...storage };
}

for (const locale of ['id', 'en'] as const) {
  const text = TEXT[locale];
  const url = (path: string) => `${text.prefix}${path}`;
  const escaped = (path: string) => new RegExp(`${url(path).replace(/\//g, '\\/')}$`);

  test(`R1.13 R2.04 R4.18 R7.04 sign up, land on the remembered page, log out, log in again (${locale})`, async ({
    page,
  }) => {
    const phone = uniquePhone();

    // A protected page sends a visitor to log in and remembers where they were (R2.04).
    await page.goto(url('/account/manage-session'));
    await expect(page).toHaveURL(escaped('/login'));
    await page.getByRole('main').getByRole('link', { name: text.signupLink }).click();
    await expect(page).toHaveURL(escaped('/signup'));

    await enterPhoneAndCode(page, text, phone, 'SIGNUP');
    await page.getByRole('textbox', { name: text.pin, exact: true }).fill(PIN);
    await page.getByRole('textbox', { name: text.pinAgain, exact: true }).fill(PIN);

    // Logged in: back on the remembered page; new accounts accept the terms first (R3.17).
    await expect(page).toHaveURL(escaped('/account/manage-session'));
    await page.getByRole('button', { name: text.acceptTerms }).click();
    await expect(page.getByRole('heading', { level: 1, name: text.sessions })).toBeVisible();
    // Issue 20: the sandbox run says so on every screen.
    await expect(page.getByRole('banner').getByTestId('sandbox-badge')).toHaveText('Sandbox');
    // R7.04: the device list shows this device.
    await expect(page.getByRole('listitem').filter({ hasText: text.thisDevice })).toBeVisible();
    const session = await storedSession(page);
    expect(session.token?.length ?? 0).toBeGreaterThan(12);
    expect(session.refreshToken).toBeTruthy();
    expect(session.pinTimestamp).toBeTruthy();

    // Logout (R4.18): cookies, stored tokens and the PIN timestamp are gone.
    await page.getByRole('button', { name: text.account, exact: true }).click();
    await page.getByRole('menuitem', { name: text.logout }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.logout }).click();
    await expect(page).toHaveURL(escaped('/login'));
    expect(await storedSession(page)).toEqual({
      token: null,
      accessToken: null,
      refreshToken: null,
      pinTimestamp: null,
    });

    // Log in again from another protected page and come back to it.
    await page.goto(url('/account/profile'));
    await expect(page).toHaveURL(escaped('/login'));
    await enterPhoneAndCode(page, text, phone, 'LOGIN');
    await page.getByRole('textbox', { name: text.pin, exact: true }).fill(PIN);
    await expect(page).toHaveURL(escaped('/account/profile'));
    await expect(page.getByRole('heading', { level: 1, name: text.profile })).toBeVisible();
  });
}

test('R1.13 a wrong PIN at log-in shows the tries left', async ({ page }) => {
  const phone = uniquePhone();
  await signUpByApi(page.request, phone, PIN);
  await page.goto('/login');
  await enterPhoneAndCode(page, TEXT.id, phone, 'LOGIN');
  await page.getByRole('textbox', { name: 'PIN', exact: true }).fill('246801');
  await expect(page.getByText('PIN salah. Sisa percobaan: 4.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
