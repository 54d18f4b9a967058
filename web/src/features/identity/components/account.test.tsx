import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { useAppStore } from '@/lib/store';
import { apiError, deviceFixture, logIn, loggedInFixture, meHandler, userFixture } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';

describe('account pages', { timeout: 20_000 }, () => {
  it('R7.04 R9.06 R2.16 device sessions: ACTIVE and INACTIVE tabs, 10 a page, this device, log out another, unblock', async () => {
    logIn();
    const queries: string[] = [];
    const posted: Array<{ path: string; body: unknown }> = [];
    const active = Array.from({ length: 10 }, (_, index) =>
      deviceFixture({ id: `s${index}`, deviceName: `Device ${index}`, current: index === 0 }),
    );
    server.use(
      meHandler,
      http.get('*/api/v1/user/devices', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const filter = url.searchParams.get('filter');
        const page = Number(url.searchParams.get('page'));
        if (filter === 'INACTIVE') {
          return HttpResponse.json({
            data: [deviceFixture({ id: 'x1', deviceName: 'Firefox on Linux' })],
            page: 1,
            size: 10,
            total: 1,
          });
        }
        const data = page === 1 ? active : [deviceFixture({ id: 's10', deviceName: 'Device 10' })];
        return HttpResponse.json({ data, page, size: 10, total: 11 });
      }),
      http.post('*/api/v1/user/devices/:action', async ({ request, params }) => {
        posted.push({ path: String(params.action), body: await request.json() });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/manage-session');
    const current = await screen.findByRole('listitem', { name: 'Device 0' });
    expect(within(current).getByText('Perangkat ini')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();
    expect(queries[0]).toBe('?filter=ACTIVE&page=1&size=10');

    await user.click(screen.getByRole('button', { name: 'Keluarkan Device 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keluarkan perangkat ini?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keluarkan' }));
    await waitFor(() => expect(posted).toEqual([{ path: 'logout-device', body: { id: 's3' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ke halaman 2' }));
    expect(await screen.findByRole('listitem', { name: 'Device 10' })).toBeInTheDocument();
    expect(queries).toContain('?filter=ACTIVE&page=2&size=10');

    await user.click(screen.getByRole('tab', { name: 'Diblokir' }));
    const blocked = await screen.findByRole('listitem', { name: 'Firefox on Linux' });
    expect(queries).toContain('?filter=INACTIVE&page=1&size=10');
    await user.click(within(blocked).getByRole('button', { name: 'Buka blokir Firefox on Linux' }));
    await waitFor(() => expect(posted).toContainEqual({ path: 'unblock-device', body: { id: 'x1' } }));
  });

  it('R2.16 the overview shows the phone and the identity and US-stock statuses; the profile shows the details', async () => {
    logIn();
    server.use(
      http.get('*/api/v3/user/me', () =>
        HttpResponse.json({ data: { ...userFixture, kycStatus: 'VERIFIED', gssKycStatus: 'PENDING', name: 'Sari' } }),
      ),
      http.get('*/api/v1/user/tags', () => HttpResponse.json({ data: { tags: ['pro'] } })),
    );
    const user = userEvent.setup();
    renderApp('/en/account');
    expect(await screen.findByText(userFixture.phone)).toBeInTheDocument();
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Under review')).toBeInTheDocument();
    expect(await screen.findByText('Pro')).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Profile' })[0]!);
    expect(await screen.findByText('Sari')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('R2.16 R1.01 the language page switches to English through the URL and the lang cookie', async () => {
    logIn();
    server.use(meHandler);
    const user = userEvent.setup();
    const { router } = renderApp('/account/language');
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account/language'));
    expect(getCookie('lang')).toBe('en');
  });

  it('R1.13 changing the PIN checks the rules, sends old and new, and keeps this device logged in with new tokens', async () => {
    logIn();
    let body: unknown = null;
    server.use(
      meHandler,
      http.post('*/api/v1/user/pin/update', async ({ request }) => {
        body = await request.json();
        return (body as { oldPin: string }).oldPin === '246802'
          ? HttpResponse.json({ data: { ...loggedInFixture, accessToken: 'after-change-token-0123456789' } })
          : apiError(400, 'pin_wrong', 'PIN salah. Sisa percobaan: 4.');
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/privacy/change-pin');
    await user.type(await screen.findByLabelText('PIN saat ini'), '246802');
    await user.type(screen.getByLabelText('PIN baru'), '123456');
    await user.type(screen.getByLabelText('Ulangi PIN baru'), '123456');
    await user.click(screen.getByRole('button', { name: 'Ubah PIN' }));
    expect(
      await screen.findByText('PIN terlalu mudah ditebak. Hindari angka yang sama atau berurutan.'),
    ).toBeInTheDocument();
    expect(body).toBeNull();
    await user.clear(screen.getByLabelText('PIN baru'));
    await user.type(screen.getByLabelText('PIN baru'), '135792');
    await user.clear(screen.getByLabelText('Ulangi PIN baru'));
    await user.type(screen.getByLabelText('Ulangi PIN baru'), '135792');
    await user.click(screen.getByRole('button', { name: 'Ubah PIN' }));
    expect(await screen.findByText('PIN berhasil diubah. Perangkat lain telah keluar.')).toBeInTheDocument();
    expect(body).toEqual({ oldPin: '246802', newPin: '135792' });
    expect(useAppStore.getState().auth.accessToken).toBe('after-change-token-0123456789');
  });
});
