import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';
import { topupFixture, transactionFixture, walletHandlers } from '../testing/fixtures';

describe('/transaction-history', { timeout: 20_000 }, () => {
  it('R1.04 pages the history with status chips and opens the details with every state transition and its time', async () => {
    logIn();
    const queries: string[] = [];
    const firstPage = Array.from({ length: 20 }, (_, index) =>
      transactionFixture({ id: `tp-${index}`, amount: `${(index + 1) * 10000}.00`, status: 'PAID' }),
    );
    firstPage[0] = transactionFixture({ id: 'tp-pending', amount: '150000.00', status: 'PENDING' });
    firstPage[1] = transactionFixture({
      id: 'co-1',
      kind: 'CASHOUT',
      paymentChannel: 'BCA',
      amount: '50000.00',
      status: 'PROCESSING',
    });
    server.use(
      http.get('*/api/v1/wallet/transaction-history', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const page = Number(url.searchParams.get('page'));
        const data = page === 1 ? firstPage : [transactionFixture({ id: 'tp-old', status: 'EXPIRED' })];
        return HttpResponse.json({ data, page, size: 20, total: 21 });
      }),
      http.get('*/api/v1/wallet/transactions/:id/details-with-state-transition', ({ params }) =>
        HttpResponse.json({
          data: {
            kind: 'TOPUP',
            topup: topupFixture({ id: String(params.id), status: 'PAID', paidAtMs: 1_700_000_060_000 }),
            transitions: [
              { status: 'PENDING', note: null, atMs: 1_700_000_000_000 },
              { status: 'PAID', note: null, atMs: 1_700_000_060_000 },
            ],
          },
        }),
      ),
      ...walletHandlers(),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/transaction-history');
    const list = await screen.findByRole('list', { name: 'Riwayat transaksi' });
    expect(queries[0]).toBe('?page=1&size=20');
    expect(within(list).getAllByRole('button')).toHaveLength(20);
    expect(within(list).getByRole('button', { name: 'Top up +Rp150.000, Menunggu pembayaran' })).toBeInTheDocument();
    // Money leaving the wallet carries a minus sign.
    expect(within(list).getByRole('button', { name: 'Tarik saldo -Rp50.000, Diproses' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Top up +Rp30.000, Berhasil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detail transaksi' });
    expect(router.state.location.search).toBe('?id=tp-2');
    const timeline = await within(dialog).findByRole('list', { name: 'Perjalanan status' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[0]).toHaveTextContent('Menunggu pembayaran');
    expect(steps[0]!.querySelector('time')).toHaveAttribute('dateTime', new Date(1_700_000_000_000).toISOString());
    expect(steps[1]).toHaveTextContent('Berhasil');
    expect(within(dialog).getByText('Rp154.000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ke halaman 2' }));
    expect(await screen.findByRole('button', { name: 'Top up +Rp150.000, Kedaluwarsa' })).toBeInTheDocument();
    expect(queries).toContain('?page=2&size=20');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('R1.04 a voucher shows its reason; a cash-out its destination and why it failed', async () => {
    logIn();
    server.use(
      http.get('*/api/v1/wallet/transactions/:id/details-with-state-transition', ({ params }) =>
        HttpResponse.json({
          data:
            params.id === 'v-1'
              ? {
                  kind: 'VOUCHER',
                  voucher: { id: 'v-1', userId: 'u1', amount: '25000.00', reason: 'Promo Ramadan', createdAtMs: 1 },
                  transitions: [{ status: 'COMPLETED', note: 'Promo Ramadan', atMs: 1 }],
                }
              : {
                  kind: 'CASHOUT',
                  cashout: {
                    id: 'co-1',
                    amount: '100000.00',
                    fee: '2500.00',
                    netAmount: '97500.00',
                    status: 'FAILED',
                    failureReason: 'Rekening ditolak bank',
                    bankAccount: {
                      id: 'ba-1',
                      bankCode: 'BCA',
                      bankName: 'BCA',
                      accountNumberMasked: '******0000',
                      accountHolderName: 'SARI',
                      createdAtMs: 1,
                    },
                    createdAtMs: 1,
                  },
                  transitions: [
                    { status: 'PROCESSING', note: null, atMs: 1 },
                    { status: 'FAILED', note: 'Rekening ditolak bank', atMs: 2 },
                  ],
                },
        }),
      ),
      ...walletHandlers(),
    );
    const { unmount } = renderApp('/transaction-history?id=v-1');
    let dialog = await screen.findByRole('dialog', { name: 'Detail transaksi' });
    expect(await within(dialog).findByText('Promo Ramadan')).toBeInTheDocument();
    expect(within(dialog).getByText('Rp25.000')).toBeInTheDocument();
    unmount();
    renderApp('/transaction-history?id=co-1');
    dialog = await screen.findByRole('dialog', { name: 'Detail transaksi' });
    expect(await within(dialog).findByText('Alasan: Rekening ditolak bank')).toBeInTheDocument();
    expect(within(dialog).getByText('BCA ******0000')).toBeInTheDocument();
    expect(within(dialog).getByText('Rp97.500')).toBeInTheDocument();
  });

  it('R1.04 a pending top-up in the details leads back to its payment', async () => {
    logIn();
    server.use(
      http.get('*/api/v1/wallet/transactions/:id/details-with-state-transition', () =>
        HttpResponse.json({
          data: {
            kind: 'TOPUP',
            topup: topupFixture(),
            transitions: [{ status: 'PENDING', note: null, atMs: 1_700_000_000_000 }],
          },
        }),
      ),
      ...walletHandlers({ history: [transactionFixture({ status: 'PENDING' })] }),
    );
    renderApp('/transaction-history?id=tp-1');
    const dialog = await screen.findByRole('dialog', { name: 'Detail transaksi' });
    expect(await within(dialog).findByRole('link', { name: 'Lanjutkan pembayaran' })).toHaveAttribute(
      'href',
      '/balance/topup?id=tp-1',
    );
  });

  it('R1.04 filters the history by kind, wallet and asset (SPEC §7 filters call)', async () => {
    logIn();
    const queries: string[] = [];
    server.use(
      http.get('*/api/v1/wallet/transaction-history', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const kind = url.searchParams.get('kind');
        const data =
          kind === 'CASHOUT'
            ? [transactionFixture({ id: 'co-1', kind: 'CASHOUT', paymentChannel: 'BCA', status: 'COMPLETED' })]
            : [transactionFixture()];
        return HttpResponse.json({ data, page: 1, size: 20, total: 1 });
      }),
      ...walletHandlers(),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/transaction-history');
    const filters = await screen.findByRole('group', { name: 'Filter riwayat' });
    await user.click(within(filters).getByRole('combobox', { name: 'Jenis' }));
    await user.click(await screen.findByRole('option', { name: 'Tarik saldo' }));
    expect(await screen.findByRole('button', { name: 'Tarik saldo -Rp150.000, Selesai' })).toBeInTheDocument();
    expect(queries).toContain('?page=1&size=20&kind=CASHOUT');
    expect(router.state.location.search).toBe('?kind=CASHOUT');
    await user.click(within(filters).getByRole('combobox', { name: 'Aset' }));
    await user.click(await screen.findByRole('option', { name: 'Rupiah' }));
    await waitFor(() => expect(queries).toContain('?page=1&size=20&kind=CASHOUT&asset=IDR'));
  });

  it('R1.04 an empty history says so', async () => {
    logIn();
    server.use(...walletHandlers());
    renderApp('/en/transaction-history');
    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument();
  });
});
