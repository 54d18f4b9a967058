import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, logIn, meHandler, userFixture } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';
import { emailChangeProblem, phoneChangeProblem } from './profile-checks';

describe('profile changes', { timeout: 20_000 }, () => {
  it('checks a new number before asking for the PIN', () => {
    expect(phoneChangeProblem('12', '+6281234567890')).toBe('invalid');
    expect(phoneChangeProblem('0812-3456-7890', '+6281234567890')).toBe('same');
    expect(phoneChangeProblem('081298765432', '+6281234567890')).toBeNull();
  });

  it('checks a new e-mail address before sending a code', () => {
    expect(emailChangeProblem('budi@', null)).toBe('invalid');
    expect(emailChangeProblem(' Budi@Example.com', 'budi@example.com')).toBe('same');
    expect(emailChangeProblem('budi@example.com', null)).toBeNull();
  });

  it('the phone dialog refuses a bad or same number, then shows a taken number after the PIN', async () => {
    logIn();
    const bodies: unknown[] = [];
    server.use(
      meHandler,
      http.post('*/api/v1/user/phone-change/get-otp', async ({ request }) => {
        bodies.push(await request.json());
        return apiError(409, 'phone_taken', 'Nomor telepon ini sudah dipakai akun lain.');
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/profile');
    await user.click(await screen.findByRole('button', { name: 'Ubah nomor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah nomor ponsel' });
    const field = within(dialog).getByLabelText(/Nomor ponsel baru/);
    await user.type(field, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Lanjut' }));
    expect(await within(dialog).findByText('Masukkan nomor ponsel yang valid, misalnya 0812 3456 7890.')).toBeVisible();
    await user.clear(field);
    await user.type(field, '0812 3456 7890');
    await user.click(within(dialog).getByRole('button', { name: 'Lanjut' }));
    expect(await within(dialog).findByText('Ini sudah nomor Anda.')).toBeVisible();
    expect(bodies).toEqual([]);

    await user.clear(field);
    await user.type(field, '081298765432');
    await user.click(within(dialog).getByRole('button', { name: 'Lanjut' }));
    const pin = await screen.findByRole('dialog', { name: 'Masukkan PIN Anda' });
    await user.type(within(pin).getByLabelText('PIN'), '135792');
    expect(await screen.findByText('Nomor telepon ini sudah dipakai akun lain.')).toBeVisible();
    expect(bodies).toEqual([{ newPhone: '+6281298765432', pin: '135792' }]);
    // The PIN dialog closes with a transition; the number step is back once it has gone.
    expect(await screen.findByRole('dialog', { name: 'Ubah nomor ponsel' })).toBeVisible();
  });

  it('the e-mail dialog sends a valid address with the PIN, then verifies the code and saves it', async () => {
    logIn();
    let saved: unknown = null;
    let asked: unknown = null;
    server.use(
      meHandler,
      http.post('*/api/v1/user/email-change/get-otp', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({
          data: { otpId: 'o1', email: 'b***i@example.com', expiresInSecs: 300, resendAfterSecs: 60 },
        });
      }),
      http.post('*/api/v1/user/email-change/verify-otp', () =>
        HttpResponse.json({ data: { changeToken: 'token-1', expiresInSecs: 600 } }),
      ),
      http.post('*/api/v1/user/update-user-data', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ data: { ...userFixture, email: 'budi@example.com' } });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/profile');
    expect(await screen.findByText('QX7MPR4Z')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Tambah email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alamat email' });
    const field = within(dialog).getByLabelText(/Alamat email/);
    await user.type(field, 'budi@example');
    await user.click(within(dialog).getByRole('button', { name: 'Lanjut' }));
    expect(
      await within(dialog).findByText('Masukkan alamat email yang valid, misalnya nama@contoh.com.'),
    ).toBeVisible();
    await user.type(field, '.com');
    await user.click(within(dialog).getByRole('button', { name: 'Lanjut' }));
    // Issue 21: the PIN confirms the new address before any code is sent.
    const pin = await screen.findByRole('dialog', { name: 'Masukkan PIN Anda' });
    expect(within(pin).getByText('Konfirmasi alamat email budi@example.com dengan PIN Anda.')).toBeVisible();
    await user.type(within(pin).getByLabelText('PIN'), '135792');
    await waitFor(() => expect(asked).toEqual({ email: 'budi@example.com', pin: '135792' }));
    const otp = await screen.findByRole('dialog', { name: 'Masukkan kode verifikasi' });
    expect(within(otp).getByText('Kami mengirim kode 6 angka ke email b***i@example.com.')).toBeVisible();
    await user.type(within(otp).getByLabelText('Kode verifikasi'), '123456');
    await waitFor(() => expect(saved).toEqual({ email: 'budi@example.com', changeToken: 'token-1' }));
    expect(await screen.findByText('budi@example.com')).toBeInTheDocument();
  });
});
