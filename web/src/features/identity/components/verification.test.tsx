import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ws } from 'msw';
import { describe, expect, it } from 'vitest';
import type { KycView } from '@/api/types';
import { apiError, logIn, meHandler } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';

function view(status: KycView['status'], extra: Partial<KycView> = {}): KycView {
  return {
    status,
    gssKycStatus: 'UNVERIFIED',
    reason: null,
    nikMasked: status === 'UNVERIFIED' ? null : '************0001',
    fullName: status === 'UNVERIFIED' ? null : 'BUDI SANTOSO',
    decidedBy: null,
    submittedAtMs: null,
    decidedAtMs: null,
    ...extra,
  };
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, nik: string) {
  await user.type(await screen.findByRole('textbox', { name: /NIK \(16 angka\)/ }), nik);
  await user.type(screen.getByRole('textbox', { name: /Nama lengkap sesuai KTP/ }), 'Budi Santoso');
  await user.type(screen.getByLabelText(/Tanggal lahir/), '1990-05-12');
  await user.type(screen.getByRole('textbox', { name: /Tempat lahir/ }), 'Jakarta');
  await user.type(screen.getByRole('textbox', { name: /Alamat sesuai KTP/ }), 'Jl. Merdeka 1');
}

describe('identity verification page', { timeout: 40_000 }, () => {
  it('R2.16 R3.08 R6.03 submits the KTP details, shows PENDING then the pushed VERIFIED, and accepts the US-stock terms', async () => {
    logIn();
    let current = view('UNVERIFIED');
    const posted: Array<{ path: string; body: unknown }> = [];
    // The user's live connection: the server pushes a nudge on `account` when the decision lands.
    const live = ws.link('ws://*/ws');
    const sockets: Array<{ send: (data: string) => void }> = [];
    server.use(
      meHandler,
      live.addEventListener('connection', ({ client }) => {
        sockets.push(client);
      }),
      http.get('*/api/v1/user/kyc', () => HttpResponse.json({ data: current })),
      http.post('*/api/v1/user/kyc', async ({ request }) => {
        posted.push({ path: 'kyc', body: await request.json() });
        current = view('PENDING', { ktpPhotoId: 'doc-1' });
        return HttpResponse.json({ data: current });
      }),
      http.post('*/api/v1/user/gss/accept-terms', async ({ request }) => {
        posted.push({ path: 'gss', body: await request.json() });
        current = view('VERIFIED', { gssKycStatus: 'VERIFIED' });
        return HttpResponse.json({ data: current });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/verification');
    await fillForm(user, '3171011205900001');
    await user.click(screen.getByRole('button', { name: 'Kirim untuk verifikasi' }));
    expect(await screen.findByText(/sedang diperiksa/)).toBeInTheDocument();
    expect(screen.getByText('Foto KTP diterima')).toBeInTheDocument();
    expect(posted[0]).toEqual({
      path: 'kyc',
      body: {
        nik: '3171011205900001',
        fullName: 'Budi Santoso',
        birthDate: '1990-05-12',
        birthPlace: 'Jakarta',
        address: 'Jl. Merdeka 1',
      },
    });
    // The verifier decides; the page hears of it on the live channel, not by polling.
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    current = view('VERIFIED', { decidedBy: 'sandbox' });
    for (const socket of sockets) {
      socket.send(JSON.stringify({ type: 'account', channel: 'account', data: { change: 'kyc' } }));
    }
    expect(await screen.findByText('Identitas Anda sudah terverifikasi.', {}, { timeout: 5_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Setujui syarat saham AS' }));
    expect(await screen.findByText('Saham AS sudah aktif.')).toBeInTheDocument();
    expect(posted[1]).toEqual({ path: 'gss', body: { version: 1 } });
  });

  it('R3.08 shows the server error and the rejection reason, and offers the form again', async () => {
    logIn();
    server.use(
      meHandler,
      http.get('*/api/v1/user/kyc', () =>
        HttpResponse.json({ data: view('REJECTED', { reason: 'nik_not_found', decidedBy: 'sandbox' }) }),
      ),
      http.post('*/api/v1/user/kyc', () => apiError(400, 'invalid_kyc', 'NIK tidak cocok dengan tanggal lahir.')),
    );
    const user = userEvent.setup();
    renderApp('/account/verification');
    expect(await screen.findByText(/NIK tidak ditemukan di data kependudukan/)).toBeInTheDocument();
    await fillForm(user, '3171011305900001');
    await user.click(screen.getByRole('button', { name: 'Kirim untuk verifikasi' }));
    expect(await screen.findByText('NIK tidak cocok dengan tanggal lahir.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kirim untuk verifikasi' })).toBeEnabled();
  });
  it('issue 20: takes the selfie with the front camera, refuses a wrong type or size before upload, previews and sends it', async () => {
    logIn();
    const posted: unknown[] = [];
    server.use(
      meHandler,
      http.get('*/api/v1/user/kyc', () => HttpResponse.json({ data: view('UNVERIFIED') })),
      http.post('*/api/v1/user/kyc', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ data: view('PENDING', { selfieId: 'doc-2' }) });
      }),
    );
    const user = userEvent.setup();
    renderApp('/account/verification');
    const selfie = await screen.findByLabelText(/Swafoto/);
    // On a phone this opens the front camera; elsewhere it is a file picker.
    expect(selfie).toHaveAttribute('type', 'file');
    expect(selfie).toHaveAttribute('accept', 'image/*');
    expect(selfie).toHaveAttribute('capture', 'user');
    expect(screen.getByLabelText(/Foto KTP/)).toHaveAttribute('capture', 'environment');

    await user.upload(selfie, new File(['GIF89a'], 'face.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Foto harus berupa gambar JPEG atau PNG.')).toBeInTheDocument();
    expect(selfie).toHaveAttribute('aria-invalid', 'true');
    const large = new File([new Uint8Array(512 * 1024 + 1)], 'face.png', { type: 'image/png' });
    await user.upload(selfie, large);
    expect(await screen.findByText(/Foto lebih besar dari 512 KB/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Pratinjau/ })).not.toBeInTheDocument();

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'face.png', { type: 'image/png' });
    await user.upload(selfie, png);
    const preview = await screen.findByRole('img', { name: /Pratinjau: Swafoto/ });
    expect(preview).toHaveAttribute('src', 'data:image/png;base64,iVBORw==');
    expect(screen.queryByText(/Foto lebih besar/)).not.toBeInTheDocument();
    expect(selfie).not.toHaveAttribute('aria-invalid');

    await fillForm(user, '3171011205900001');
    await user.click(screen.getByRole('button', { name: 'Kirim untuk verifikasi' }));
    expect(await screen.findByText('Swafoto diterima')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        nik: '3171011205900001',
        fullName: 'Budi Santoso',
        birthDate: '1990-05-12',
        birthPlace: 'Jakarta',
        address: 'Jl. Merdeka 1',
        selfie: 'iVBORw==',
      },
    ]);
  });
});
