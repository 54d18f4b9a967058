import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '@/api/types';
import { useToasts } from '@/lib/toast';
import { apiError, logIn, meHandler, tagsHandler } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';

function settingsFixture(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  const linked = overrides.telegramLinked ?? false;
  const cell = (channel: string, enabled: boolean, locked = false) => ({
    channel,
    enabled,
    locked,
    available: channel !== 'TELEGRAM' || linked,
  });
  return {
    categories: [
      { category: 'ORDER_FILLS', channels: [cell('PUSH', true), cell('EMAIL', true), cell('TELEGRAM', true)] },
      { category: 'PROMOTIONS', channels: [cell('PUSH', false), cell('EMAIL', false), cell('TELEGRAM', false)] },
      {
        category: 'SECURITY',
        channels: [cell('PUSH', true, true), cell('EMAIL', true, true), cell('SMS', true, true)],
      },
    ],
    telegramLinked: linked,
    telegramUsername: null,
    ...overrides,
  };
}

afterEach(() => useToasts.setState({ toasts: [] }));

describe('notification settings page', { timeout: 20_000 }, () => {
  it('R2.16 toggles a setting, saves it with a toast; security is always on; Telegram waits for a link', async () => {
    logIn();
    const puts: unknown[] = [];
    let current = settingsFixture();
    server.use(
      meHandler,
      http.get('*/api/v1/user/notification-settings', () => HttpResponse.json({ data: current })),
      http.put('*/api/v1/user/notification-settings', async ({ request }) => {
        puts.push(await request.json());
        current = settingsFixture();
        current.categories[1]!.channels[1]!.enabled = true;
        return HttpResponse.json({ data: current });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/notification');
    const promoEmail = await screen.findByRole('switch', { name: 'Promosi lewat Email' });
    expect(promoEmail).not.toBeChecked();
    const sms = screen.getByRole('switch', { name: 'Keamanan lewat SMS' });
    expect(sms).toBeChecked();
    expect(sms).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Order tereksekusi lewat Telegram' })).toBeDisabled();

    await user.click(promoEmail);
    await waitFor(() =>
      expect(puts).toEqual([{ settings: [{ category: 'PROMOTIONS', channel: 'EMAIL', enabled: true }] }]),
    );
    expect(await screen.findByText('Pengaturan notifikasi disimpan.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Promosi lewat Email' })).toBeChecked();
  });

  it('R2.16 a failed save shows the server message and keeps the switch as it was', async () => {
    logIn();
    server.use(
      meHandler,
      http.get('*/api/v1/user/notification-settings', () => HttpResponse.json({ data: settingsFixture() })),
      http.put('*/api/v1/user/notification-settings', () =>
        apiError(400, 'invalid_request', 'Permintaan tidak valid.'),
      ),
    );
    const user = userEvent.setup();
    renderApp('/account/notification');
    await user.click(await screen.findByRole('switch', { name: 'Promosi lewat Notifikasi push' }));
    expect(await screen.findByText('Permintaan tidak valid.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Promosi lewat Notifikasi push' })).not.toBeChecked();
  });

  it('R2.16 a failed load offers a retry', async () => {
    logIn();
    let calls = 0;
    server.use(
      meHandler,
      http.get('*/api/v1/user/notification-settings', () => {
        calls += 1;
        return calls === 1
          ? apiError(404, 'not_found', 'Tidak ditemukan.')
          : HttpResponse.json({ data: settingsFixture() });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/notification');
    expect(await screen.findByText('Pengaturan notifikasi tidak dapat dimuat.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('switch', { name: 'Promosi lewat Email' })).toBeInTheDocument();
  });

  it('R2.16 connects Telegram through a deep link, shows the linked chat and unlinks it', async () => {
    logIn();
    let linked = false;
    let deleted = 0;
    server.use(
      meHandler,
      http.get('*/api/v1/user/notification-settings', () =>
        HttpResponse.json({
          data: settingsFixture({ telegramLinked: linked, telegramUsername: linked ? 'budi' : null }),
        }),
      ),
      http.post('*/api/v1/user/telegram/deep-link', () => {
        linked = true;
        return HttpResponse.json({
          data: {
            url: 'https://t.me/LumbungSandboxBot?start=tok123',
            expiresAt: new Date(Date.now() + 600_000).toISOString(),
          },
        });
      }),
      http.delete('*/api/v1/user/telegram/link', () => {
        deleted += 1;
        linked = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/notification');
    await user.click(await screen.findByRole('button', { name: 'Hubungkan Telegram' }));
    const open = await screen.findByRole('link', { name: 'Buka Telegram' });
    expect(open).toHaveAttribute('href', 'https://t.me/LumbungSandboxBot?start=tok123');
    // The page asks again while the link is pending and notices the linked chat.
    expect(await screen.findByText('Terhubung sebagai @budi.', {}, { timeout: 6_000 })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Order tereksekusi lewat Telegram' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Putuskan Telegram' }));
    await waitFor(() => expect(deleted).toBe(1));
    expect(await screen.findByRole('button', { name: 'Hubungkan Telegram' })).toBeInTheDocument();
  });

  it('the account overview links to the page and sends beta feedback with a rating', async () => {
    logIn();
    const sent: unknown[] = [];
    server.use(
      meHandler,
      tagsHandler,
      http.post('*/api/v1/user/beta-feedback', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { id: 1 } });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account');
    expect((await screen.findAllByRole('link', { name: 'Notifikasi' }))[0]).toHaveAttribute(
      'href',
      '/account/notification',
    );
    await user.click(screen.getByRole('button', { name: /Kirim masukan/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Kirim masukan' });
    await user.click(within(dialog).getByRole('button', { name: 'Kirim' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pilih nilai 1 sampai 5 bintang.');
    expect(sent).toEqual([]);
    // A plain click: user-event's pointer moves make MUI's Rating measure a zero-width box in jsdom.
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 bintang' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Masukan Anda (opsional)' }), 'Bagus');
    await user.click(within(dialog).getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ rating: 4, message: 'Bagus', page: '/account' });
    expect(await screen.findByText('Terima kasih atas masukan Anda!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
