import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type * as Analytics from '@/lib/analytics';
import { getCookie } from '@/lib/cookies';
import { useAppStore } from '@/lib/store';
import { apiError, loggedInFixture } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';

const { track } = vi.hoisted(() => ({ track: vi.fn(() => true) }));
vi.mock('@/lib/analytics', async (importOriginal) => ({
  ...(await importOriginal<typeof Analytics>()),
  track,
}));

const OTP_SENT = { otpId: 'otp-1', phone: '+62*******7890', expiresInSecs: 300, resendAfterSecs: 60 };

function otpHandlers(kind: 'signup' | 'login' | 'forgot', calls: Array<{ path: string; body: unknown }>) {
  const base = kind === 'forgot' ? '*/api/v1/user/pin/forgot-pin' : `*/api/v1/user/${kind}`;
  return [
    http.post(kind === 'forgot' ? `${base}/send-otp` : `${base}/phone`, async ({ request }) => {
      calls.push({ path: `${kind}/send`, body: await request.json() });
      return HttpResponse.json({ data: OTP_SENT });
    }),
    http.post(`${base}/verify-otp`, async ({ request }) => {
      const body = (await request.json()) as { code: string };
      calls.push({ path: `${kind}/verify`, body });
      return body.code === '123456'
        ? HttpResponse.json({ data: { verificationToken: `vt-${kind}`, expiresInSecs: 600 } })
        : apiError(400, 'otp_wrong', 'Kode salah. Sisa percobaan: 4.');
    }),
  ];
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, label: string, digits: string) {
  const input = await screen.findByLabelText(label);
  await user.clear(input);
  await user.type(input, digits);
}

describe('sign-up', { timeout: 30_000 }, () => {
  it('R1.13 R2.04 R2.11 R3.17 phone → OTP modal → PIN twice → logged in on the remembered path', async () => {
    const user = userEvent.setup();
    const calls: Array<{ path: string; body: unknown }> = [];
    server.use(
      ...otpHandlers('signup', calls),
      http.post('*/api/v1/user/signup/verify-referral', async ({ request }) => {
        calls.push({ path: 'referral', body: await request.json() });
        return HttpResponse.json({
          data: { referralCode: 'TEMAN123', referrerName: 'S***', referrerPhone: '+62*******1111' },
        });
      }),
      http.post('*/api/v1/user/pin/register-pin', async ({ request }) => {
        calls.push({ path: 'register', body: await request.json() });
        return HttpResponse.json({ data: loggedInFixture });
      }),
    );
    document.cookie = 'returnPath=%2F_app; Path=/';
    const { router } = renderApp('/signup?registerUtc=true&registerRamadan=TRUE&loginSalesforce=true');

    await user.type(await screen.findByLabelText(/Nomor ponsel/), '0812 3456 7890');
    // A referral code is checked (with the number signing up) before any code is sent.
    await user.type(screen.getByLabelText('Kode referral (opsional)'), 'teman123');
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));

    const dialog = await screen.findByRole('dialog', { name: 'Masukkan kode verifikasi' });
    expect(within(dialog).getByText('Kode 6 angka telah dikirim lewat SMS ke +62*******7890.')).toBeInTheDocument();
    expect(calls[0]).toEqual({ path: 'referral', body: { referralCode: 'TEMAN123', phone: '+6281234567890' } });
    expect(calls[1]).toEqual({ path: 'signup/send', body: { phone: '+6281234567890' } });
    expect(screen.getByText('Direferensikan oleh S*** (+62*******1111)')).toBeInTheDocument();
    expect(useAppStore.getState().auth.otpModalType).toBe('signup');
    // R2.11: the campaign flags travel with signup_started, true only for the exact text "true".
    expect(track).toHaveBeenCalledWith('signup_started', {
      registerUtc: true,
      registerRamadan: false,
      registerTopUp: false,
      loginSalesforce: true,
    });
    // Resend waits for resendAfterSecs.
    expect(
      within(dialog).getByRole('button', { name: /Kirim ulang kode dalam 1:0\d|Kirim ulang kode dalam 0:5\d/ }),
    ).toBeDisabled();

    // The server's message for a wrong code, then the right one (typed, auto-submitted at 6 digits).
    await typeCode(user, 'Kode verifikasi', '000000');
    expect(await within(dialog).findByText('Kode salah. Sisa percobaan: 4.')).toBeInTheDocument();
    await typeCode(user, 'Kode verifikasi', '123456');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // PIN rules first, then the confirmation must match.
    await typeCode(user, 'PIN', '111111');
    expect(
      await screen.findByText('PIN terlalu mudah ditebak. Hindari angka yang sama atau berurutan.'),
    ).toBeInTheDocument();
    await typeCode(user, 'PIN', '135792');
    await typeCode(user, 'Ulangi PIN', '135790');
    expect(await screen.findByText('PIN tidak sama. Buat PIN lagi.')).toBeInTheDocument();
    await typeCode(user, 'PIN', '135792');
    await typeCode(user, 'Ulangi PIN', '135792');

    await waitFor(() => expect(router.state.location.pathname).toBe('/_app'));
    expect(calls.find((call) => call.path === 'register')?.body).toEqual({
      verificationToken: 'vt-signup',
      pin: '135792',
      referralCode: 'TEMAN123',
    });
    const { auth } = useAppStore.getState();
    expect(auth.accessToken).toBe(loggedInFixture.accessToken);
    expect(auth.userDetails).toEqual(loggedInFixture.user);
    expect(auth.otpModalType).toBeNull();
    expect(getCookie('token')).toBe(loggedInFixture.accessToken);
    expect(getCookie('returnPath')).toBeNull();
    expect(localStorage.getItem('pinTimestamp')).not.toBeNull();
  });

  it('R1.13 a registered number gets the server message (409 phone_registered)', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('*/api/v1/user/signup/phone', () =>
        apiError(409, 'phone_registered', 'Nomor telepon sudah terdaftar. Silakan masuk.'),
      ),
    );
    renderApp('/signup');
    await user.type(await screen.findByLabelText(/Nomor ponsel/), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    expect(await screen.findByText('Nomor telepon sudah terdaftar. Silakan masuk.')).toBeInTheDocument();
    expect(useAppStore.getState().auth.accessToken).toBeNull();
  });

  it('R1.13 an obviously wrong number is caught before any call', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    await user.type(await screen.findByLabelText(/Nomor ponsel/), '0812');
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    expect(await screen.findByText('Masukkan nomor ponsel yang valid, misalnya 0812 3456 7890.')).toBeInTheDocument();
  });
});

describe('log-in', { timeout: 30_000 }, () => {
  it('R1.13 R7.03 a wrong PIN shows the tries left; a locked PIN leads to the reset by code', async () => {
    const user = userEvent.setup();
    const calls: Array<{ path: string; body: unknown }> = [];
    let pinAnswers = 0;
    server.use(
      http.post('*/api/v4/user/login/validate/phone', async ({ request }) => {
        calls.push({ path: 'validate', body: await request.json() });
        return HttpResponse.json({ data: { phone: '+6281234567890', registered: true, canLogin: true } });
      }),
      ...otpHandlers('login', calls),
      ...otpHandlers('forgot', calls),
      http.post('*/api/v1/user/pin/verify-pin', () => {
        pinAnswers += 1;
        return pinAnswers === 1
          ? apiError(400, 'pin_wrong', 'PIN salah. Sisa percobaan: 4.')
          : apiError(400, 'pin_locked', 'PIN terkunci karena terlalu banyak percobaan.');
      }),
      http.post('*/api/v1/user/pin/reset', async ({ request }) => {
        calls.push({ path: 'reset', body: await request.json() });
        return HttpResponse.json({ data: loggedInFixture });
      }),
    );
    const { router } = renderApp('/en/login');

    await user.type(await screen.findByLabelText(/Mobile number/), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Enter the verification code' });
    expect(calls[0]).toEqual({ path: 'validate', body: { phone: '+6281234567890' } });
    await typeCode(user, 'Verification code', '123456');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await typeCode(user, 'PIN', '246801');
    expect(await screen.findByText('PIN salah. Sisa percobaan: 4.')).toBeInTheDocument();
    await typeCode(user, 'PIN', '246802');
    expect(await screen.findByText('PIN terkunci karena terlalu banyak percobaan.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset PIN' }));
    await screen.findByRole('dialog', { name: 'Enter the verification code' });
    expect(calls.some((call) => call.path === 'forgot/send')).toBe(true);
    await typeCode(user, 'Verification code', '123456');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Create a new PIN' })).toBeInTheDocument();
    await typeCode(user, 'PIN', '135792');
    await typeCode(user, 'Repeat PIN', '135792');

    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(calls.find((call) => call.path === 'reset')?.body).toEqual({
      verificationToken: 'vt-forgot',
      pin: '135792',
    });
    expect(useAppStore.getState().auth.accessToken).toBe(loggedInFixture.accessToken);
  });

  it('R7.03 an unregistered number is told so and offered sign-up, without sending a code', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('*/api/v4/user/login/validate/phone', () =>
        HttpResponse.json({ data: { phone: '+6281234567890', registered: false, canLogin: false } }),
      ),
    );
    renderApp('/login');
    await user.type(await screen.findByLabelText(/Nomor ponsel/), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    expect(await screen.findByText(/Nomor ini belum terdaftar/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Daftar dengan nomor ini' })).toHaveAttribute('href', '/signup');
  });

  it('R1.13 the sandbox helper reads the code from the development inbox', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('*/api/v4/user/login/validate/phone', () =>
        HttpResponse.json({ data: { phone: '+6281234567890', registered: true, canLogin: true } }),
      ),
      ...otpHandlers('login', []),
      http.get('*/api/dev/otp-inbox', ({ request }) => {
        expect(new URL(request.url).searchParams.get('phone')).toBe('+6281234567890');
        return HttpResponse.json({
          data: [{ phone: '+6281234567890', body: 'Kode: 123456', code: '123456', purpose: 'LOGIN', sentAtMs: 1 }],
        });
      }),
    );
    renderApp('/login');
    await user.type(await screen.findByLabelText(/Nomor ponsel/), '081234567890');
    await user.click(screen.getByRole('button', { name: 'Lanjut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masukkan kode verifikasi' });
    await user.click(within(dialog).getByRole('button', { name: 'Sandbox: buka kotak masuk SMS' }));
    expect(await within(dialog).findByText('SMS terakhir berisi kode 123456.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pakai kode ini' }));
    expect(await screen.findByRole('heading', { name: 'Masukkan PIN' })).toBeInTheDocument();
  });
});
