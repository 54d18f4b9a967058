import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { useAppStore } from '@/lib/store';
import { apiError, deviceFixture, logIn, meHandler, tagsHandler, userFixture } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';

const devicesHandler = http.get('*/api/v1/user/devices', () =>
  HttpResponse.json({ data: [deviceFixture({ current: true })], page: 1, size: 10, total: 1 }),
);

describe('session', { timeout: 20_000 }, () => {
  it('R2.04 a protected page sends a visitor to log in and remembers the path', async () => {
    const { router } = renderApp('/en/account/profile?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(getCookie('returnPath')).toBe('/en/account/profile?x=1');
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument();
  });

  it('R1.13 the header shows Log in and Sign up to visitors and the account menu when logged in', async () => {
    const first = renderApp('/');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Masuk' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Daftar' })).toHaveAttribute('href', '/signup');
    first.unmount();
    logIn();
    server.use(meHandler);
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Akun' }));
    // The menu's code loads on its first opening.
    expect(await screen.findByRole('menuitem', { name: 'Akun saya' })).toHaveAttribute('href', '/account');
    // Phones hide the header's portfolio and balance links; the menu keeps them.
    expect(screen.getByRole('menuitem', { name: 'Portofolio' })).toHaveAttribute('href', '/portfolio');
    expect(screen.getByRole('menuitem', { name: 'Saldo' })).toHaveAttribute('href', '/balance');
    expect(screen.getByRole('menuitem', { name: 'Keluar' })).toBeInTheDocument();
    expect(screen.getByText(userFixture.phone)).toBeInTheDocument();
  });

  it('R4.18 R7.03 logout confirms, calls logout with an empty body, clears the session and goes to login', async () => {
    logIn();
    document.cookie = 'theme=light; Path=/';
    let body: string | null = null;
    let auth: string | null = null;
    server.use(
      meHandler,
      tagsHandler,
      http.post('*/api/v3/user/logout', async ({ request }) => {
        body = await request.text();
        auth = request.headers.get('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Akun' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Keluar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keluar dari akun?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keluar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(body).toBe('');
    expect(auth).toBe('Bearer access-token-0123456789');
    expect(useAppStore.getState().auth.accessToken).toBeNull();
    expect(useAppStore.getState().auth.userDetails).toBeNull();
    expect(getCookie('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('pinTimestamp')).toBeNull();
    expect(getCookie('theme')).toBe('light');
  });

  it('R3.17 a sensitive page asks for the PIN after 15 minutes of inactivity and stores the new timestamp', async () => {
    logIn();
    localStorage.setItem('pinTimestamp', String(Date.now() - 16 * 60_000));
    let pinBody: unknown = null;
    server.use(
      meHandler,
      devicesHandler,
      http.post('*/api/v1/user/pin/verify-pin', async ({ request }) => {
        pinBody = await request.json();
        return (pinBody as { pin: string }).pin === '135792'
          ? HttpResponse.json({ data: { verifiedAtMs: 1_800_000_000_000 } })
          : apiError(400, 'pin_wrong', 'PIN salah. Sisa percobaan: 4.');
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/manage-session');
    const dialog = await screen.findByRole('dialog', { name: 'Konfirmasi PIN' });
    expect(useAppStore.getState().auth.pinModal).toBe(true);
    expect(screen.queryByRole('heading', { level: 1, name: 'Sesi perangkat' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('PIN'), '111112');
    expect(await within(dialog).findByText('PIN salah. Sisa percobaan: 4.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('PIN'), '135792');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sesi perangkat' })).toBeInTheDocument();
    expect(pinBody).toEqual({ pin: '135792' });
    expect(localStorage.getItem('pinTimestamp')).toBe('1800000000000');
    expect(useAppStore.getState().auth.pinModal).toBe(false);
  });

  it('R3.17 a recently confirmed PIN opens the sensitive page directly', async () => {
    logIn();
    server.use(meHandler, devicesHandler);
    renderApp('/account/privacy/manage-session');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sesi perangkat' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('R8.03 R3.17 a 400 040 refetches the user status and asks to accept the terms', async () => {
    logIn();
    let accepted: unknown = null;
    server.use(
      meHandler,
      http.get('*/api/v1/user/tags', () => apiError(400, '040', 'Silakan setujui syarat dan ketentuan terbaru.')),
      http.get('*/api/v4/user/status', () =>
        HttpResponse.json({
          data: {
            accountStatus: 'ACTIVE',
            kycStatus: 'UNVERIFIED',
            gssKycStatus: 'UNVERIFIED',
            termsAccepted: accepted !== null,
            termsVersion: 3,
            pinLocked: false,
          },
        }),
      ),
      http.post('*/api/v1/user/bappebti-tnc', async ({ request }) => {
        accepted = await request.json();
        return HttpResponse.json({ data: { ...userFixture, termsAccepted: true } });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account');
    const dialog = await screen.findByRole('dialog', { name: 'Syarat dan ketentuan terbaru' });
    expect(useAppStore.getState().auth.fetchUserStatus).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Saya setuju' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(accepted).toEqual({ version: 3 });
    expect(useAppStore.getState().auth.acceptTermsModal).toBe(false);
  });

  it('R3.17 user details that say the terms are not accepted open the accept-terms modal', async () => {
    logIn({ ...userFixture, termsAccepted: false });
    server.use(
      meHandler,
      http.get('*/api/v1/user/tags', () => HttpResponse.json({ data: { tags: [] } })),
      http.get('*/api/v4/user/status', () =>
        HttpResponse.json({
          data: {
            accountStatus: 'ACTIVE',
            kycStatus: 'UNVERIFIED',
            gssKycStatus: 'UNVERIFIED',
            termsAccepted: false,
            termsVersion: 1,
            pinLocked: false,
          },
        }),
      ),
    );
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Syarat dan ketentuan terbaru' })).toBeInTheDocument();
    expect(useAppStore.getState().auth.acceptTermsModal).toBe(true);
  });
});
