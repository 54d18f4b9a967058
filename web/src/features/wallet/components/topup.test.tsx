import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';
import type { Topup } from '../api/types';
import { topupFixture, walletHandlers } from '../testing/fixtures';

describe('/balance/topup', { timeout: 30_000 }, () => {
  it('R1.04 R5.01 channel, truncated amount, fee and total; creates the top-up; shows the VA; polls until PAID', async () => {
    logIn();
    const created: unknown[] = [];
    let status: Topup['status'] = 'PENDING';
    server.use(
      http.post('*/api/v1/wallet/topup', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({ data: topupFixture() });
      }),
      http.get('*/api/v1/wallet/topup-status', ({ request }) => {
        expect(new URL(request.url).searchParams.get('id')).toBe('tp-1');
        return HttpResponse.json({ data: topupFixture({ status, paidAtMs: status === 'PAID' ? 1 : null }) });
      }),
      ...walletHandlers(),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/balance/topup');

    // Grouped: bank virtual accounts, e-wallets, QRIS.
    const methods = await screen.findByRole('radiogroup', { name: 'Metode pembayaran' });
    expect(within(methods).getByRole('heading', { name: 'Virtual account bank' })).toBeInTheDocument();
    expect(within(methods).getByRole('heading', { name: 'E-wallet' })).toBeInTheDocument();
    expect(within(methods).getByRole('heading', { name: 'QRIS' })).toBeInTheDocument();
    await user.click(within(methods).getByRole('radio', { name: 'BCA Virtual Account' }));

    const amount = screen.getByRole('textbox', { name: 'Nominal top up' });
    expect(await screen.findByText('Minimal Rp10.000, maksimal Rp500.000.000')).toBeInTheDocument();
    // R5.01: decimals past whole rupiah are cut, never rounded up.
    await user.type(amount, '150.000,99');
    expect(amount).toHaveValue('150000,');
    await user.tab();
    expect(amount).toHaveValue('150000');

    const summary = screen.getByLabelText('Ringkasan pembayaran');
    expect(within(summary).getByText('Rp150.000')).toBeInTheDocument();
    expect(within(summary).getByText('Rp4.000')).toBeInTheDocument();
    expect(within(summary).getByText('Rp154.000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(created).toEqual([{ paymentChannel: 'BCA_VA', amount: '150000' }]));
    expect(router.state.location.search).toBe('?id=tp-1');

    expect(await screen.findByLabelText('Nomor virtual account')).toHaveTextContent('8808 1234 5678 9012');
    expect(screen.getByRole('button', { name: 'Salin Nomor virtual account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Total dibayar')).toHaveTextContent('Rp154.000');
    expect(screen.getByText('Menunggu pembayaran')).toBeInTheDocument();
    // Sandbox mode: the payer's page for this very top-up.
    expect(screen.getByRole('link', { name: 'Bayar di sandbox' })).toHaveAttribute(
      'href',
      '/sandbox/pay/SBX-ref1?channel=bca_va&topup=tp-1',
    );

    status = 'PAID';
    expect(await screen.findByText('Top up berhasil', undefined, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.getByText('Rp150.000 sudah masuk ke saldo Anda.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lihat saldo' })).toHaveAttribute('href', '/balance');
  });

  it('R1.04 an amount outside the channel limits is refused before anything is sent', async () => {
    logIn();
    let posted = 0;
    server.use(
      http.post('*/api/v1/wallet/topup', () => {
        posted += 1;
        return HttpResponse.json({ data: topupFixture() });
      }),
      ...walletHandlers(),
    );
    const user = userEvent.setup();
    renderApp('/balance/topup');
    const methods = await screen.findByRole('radiogroup', { name: 'Metode pembayaran' });
    await user.click(within(methods).getByRole('radio', { name: 'QRIS' }));
    await screen.findByText('Minimal Rp10.000, maksimal Rp10.000.000');
    await user.type(screen.getByRole('textbox', { name: 'Nominal top up' }), '9999');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(screen.getByText('Nominal minimal Rp10.000.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Nominal top up' }));
    await user.type(screen.getByRole('textbox', { name: 'Nominal top up' }), '10000001');
    expect(screen.getByText('Nominal maksimal Rp10.000.000.')).toBeInTheDocument();
    expect(posted).toBe(0);
  });

  it('R1.04 the server refusal is shown and nothing else happens', async () => {
    logIn();
    server.use(
      http.post('*/api/v1/wallet/topup', () => apiError(400, 'amount_outside_limits', 'Nominal harus antara A dan B.')),
      ...walletHandlers(),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/balance/topup');
    const methods = await screen.findByRole('radiogroup', { name: 'Metode pembayaran' });
    await user.click(within(methods).getByRole('radio', { name: 'GoPay' }));
    expect(await screen.findByText('Batas GoPay per transaksi: Rp20.000.000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rp100 rb (Rp100.000)' }));
    // 1.5 % of Rp100.000.
    expect(await screen.findByText('Rp1.500')).toBeInTheDocument();
    expect(screen.getByText('Rp101.500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('Nominal harus antara A dan B.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('R1.04 a QRIS top-up renders its payload as a QR code; an e-wallet offers its app link', async () => {
    logIn();
    const qris = topupFixture({
      id: 'tp-q',
      paymentChannel: 'QRIS',
      total: '100700.00',
      instructions: { gatewayRef: 'SBX-q', vaNumber: null, qrPayload: '000201010212QRPAYLOAD', deeplink: null },
    });
    const gopay = topupFixture({
      id: 'tp-g',
      paymentChannel: 'GOPAY',
      instructions: { gatewayRef: 'SBX-g', vaNumber: null, qrPayload: null, deeplink: 'gojek://pay?ref=SBX-g' },
    });
    server.use(
      http.get('*/api/v1/wallet/topup-status', ({ request }) =>
        HttpResponse.json({ data: new URL(request.url).searchParams.get('id') === 'tp-q' ? qris : gopay }),
      ),
      ...walletHandlers(),
    );
    const { unmount } = renderApp('/balance/topup?id=tp-q');
    const qr = await screen.findByRole('img', { name: 'Kode QRIS untuk Rp100.700' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    unmount();

    renderApp('/balance/topup?id=tp-g');
    expect(await screen.findByRole('link', { name: 'Buka GoPay' })).toHaveAttribute('href', 'gojek://pay?ref=SBX-g');
  });

  it('R1.04 an expired top-up says so and offers a new one', async () => {
    logIn();
    server.use(
      http.get('*/api/v1/wallet/topup-status', () => HttpResponse.json({ data: topupFixture({ status: 'EXPIRED' }) })),
      ...walletHandlers(),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/balance/topup?id=tp-1');
    expect(await screen.findByText('Pembayaran kedaluwarsa')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Top up lagi' }));
    expect(await screen.findByRole('radiogroup', { name: 'Metode pembayaran' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('/sandbox/pay/{reference}', { timeout: 20_000 }, () => {
  it('R1.04 the sandbox payer pays and returns to the top-up', async () => {
    logIn();
    const calls: string[] = [];
    server.use(
      http.post('*/api/sandbox/payments/:reference/:action', ({ params }) => {
        calls.push(`${String(params.reference)}/${String(params.action)}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/v1/wallet/topup-status', () =>
        HttpResponse.json({ data: topupFixture({ status: calls.length ? 'PAID' : 'PENDING' }) }),
      ),
      ...walletHandlers(),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/sandbox/pay/SBX-ref1?channel=bca_va&topup=tp-1');
    expect(await screen.findByRole('heading', { name: 'Gateway pembayaran sandbox' })).toBeInTheDocument();
    expect(await screen.findByText('Rp154.000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bayar' }));
    await waitFor(() => expect(calls).toEqual(['SBX-ref1/pay']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/balance/topup'));
    expect(router.state.location.search).toBe('?id=tp-1');
    expect(await screen.findByText('Top up berhasil')).toBeInTheDocument();
  });

  it('R1.04 the payer can abandon; an unknown or used reference shows the server message', async () => {
    server.use(
      http.post('*/api/sandbox/payments/:reference/:action', ({ params }) =>
        params.action === 'abandon'
          ? new HttpResponse(null, { status: 204 })
          : apiError(404, 'not_found', 'Tidak ditemukan.'),
      ),
    );
    const user = userEvent.setup();
    renderApp('/sandbox/pay/SBX-x?channel=gopay');
    await user.click(await screen.findByRole('button', { name: 'Bayar' }));
    expect(await screen.findByText('Tidak ditemukan.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Batalkan pembayaran' }));
    expect(await screen.findByText('Pembayaran dibatalkan.')).toBeInTheDocument();
  });
});
