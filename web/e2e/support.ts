import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { OTP_RESEND_COOLDOWN_SECS } from './server-under-test';

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

let phoneSequence = 0;

/** A fresh Indonesian mobile number per call (unique within and across runs). */
export function uniquePhone(): string {
  phoneSequence += 1;
  const tail = `${Date.now() % 1e7}`.padStart(7, '0');
  return `0812${tail}${phoneSequence % 10}`;
}

/** The latest sandbox SMS code for a phone (GET /api/dev/otp-inbox), waiting for it to arrive. */
export async function readOtp(request: APIRequestContext, phone: string, purpose?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/otp-inbox?phone=${encodeURIComponent(phone)}`);
        const body = (await response.json()) as { data: Array<{ code: string | null; purpose: string | null }> };
        code =
          body.data.find((message) => message.code && (!purpose || message.purpose === purpose))?.code ?? undefined;
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

/** The server's resend cooldown, with a margin for the clocks' rounding. */
const OTP_RESEND_COOLDOWN_MS = OTP_RESEND_COOLDOWN_SECS * 1_000 + 100;

/**
 * Creates an account through the API (for tests that start at log-in); the new session's access
 * token. The device id is `${device}-${phone}`.
 */
export async function signUpByApi(
  request: APIRequestContext,
  phone: string,
  pin: string,
  device = 'e2e',
): Promise<string> {
  const headers = { 'x-device-id': `${device}-${phone}`, 'x-platform': 'desktop-web' };
  const sent = await request.post('/api/v1/user/signup/phone', { headers, data: { phone } });
  const sentAt = Date.now();
  expect(sent.status(), await sent.text()).toBe(200);
  const { otpId } = ((await sent.json()) as { data: { otpId: string } }).data;
  const code = await readOtp(request, phone, 'SIGNUP');
  const verified = await request.post('/api/v1/user/signup/verify-otp', { headers, data: { otpId, code } });
  const { verificationToken } = ((await verified.json()) as { data: { verificationToken: string } }).data;
  const registered = await request.post('/api/v1/user/pin/register-pin', { headers, data: { verificationToken, pin } });
  expect(registered.status(), await registered.text()).toBe(200);
  // The next code for this phone (a log-in through the page, say) is refused until the resend
  // cooldown since this one has passed; a fast server gets here sooner than that.
  const left = sentAt + OTP_RESEND_COOLDOWN_MS - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return ((await registered.json()) as { data: { accessToken: string } }).data.accessToken;
}
