import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BankAccount } from '../api/bank-accounts';
import { apiError, logIn, meHandler, verifiedMeHandler } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';
import type { Cashout } from '../api/types';
import { walletHandlers } from '../testing/fixtures';

const account: BankAccount = {
  id: 'ba-1',
  bankCode: 'BCA',
  bankName: 'BCA',
  accountNumberMasked: '••••7890',
  accountHolderName: 'SARI DEWI',
  createdAtMs: 1_700_000_000_000,
};

function cashoutFixture(overrides: Partial<Cashout> = {}): Cashout {
  return {
    id: 'co-1',
    amount: '500000.00',
    fee: '5000.00',
    netAmount: '495000.00',
    status: 'PROCESSING',
    failureReason: null,
    bankAccount: account,
    createdAtMs: 1_700_000_000_000,
    ...overrides,
  };
}

function cashoutHandlers(options: { accounts?: BankAccount[] } = {}) {
  return [
    verifiedMeHandler,
    http.get('*/api/v1/wallet/bank-accounts', () => HttpResponse.json({ data: options.accounts ?? [account] })),
    http.get('*/api/v1/wallet/cashout/input-variables', () =>
      HttpResponse.json({
        data: {
          minimumAmount: '50000.00',
          maximumAmount: '100000000.00',
          fee: '5000.00',
          autoApprovalLimit: '10000000.00',
        },
      }),
    ),
    http.get('*/api/v1/wallet/auto-approval-status', ({ request }) => {
      const amount = Number(new URL(request.url).searchParams.get('amount'));
      return HttpResponse.json({ data: { autoApproval: amount <= 10_000_000, autoApprovalLimit: '10000000.00' } });
    }),
  ];
}

describe('/balance/cashout', { timeout: 30_000 }, () => {
  it('R1.04 R5.01 account, amount within the free balance, review with fee and net, PIN, then the result', async () => {
    logIn();
    const reviews: unknown[] = [];
    const created: unknown[] = [];
    let status: Cashout['status'] = 'PROCESSING';
    server.use(
      ...cashoutHandlers(),
      http.post('*/api/v1/wallet/cashout/review', async ({ request }) => {
        reviews.push(await request.json());
        return HttpResponse.json({
          data: {
            amount: '500000.00',
            fee: '5000.00',
            netAmount: '495000.00',
            availableBalance: '1500000.00',
            autoApproval: true,
            bankAccount: account,
          },
        });
      }),
      http.post('*/api/v1/wallet/cashout', async ({ request }) => {
        const body = (await request.json()) as { pin: string };
        if (body.pin !== '135792') return apiError(400, 'pin_invalid', 'PIN salah. Sisa 4 kali.');
        created.push(body);
        return HttpResponse.json({ data: cashoutFixture() });
      }),
      http.get('*/api/v1/wallet/cashout/:id', () => HttpResponse.json({ data: cashoutFixture({ status }) })),
      ...walletHandlers(),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/balance/cashout');

    const accounts = await screen.findByRole('radiogroup', { name: 'Rekening tujuan' });
    // The only account is chosen already.
    expect(within(accounts).getByRole('radio', { name: 'BCA ••••7890 · SARI DEWI' })).toBeChecked();
    expect(await screen.findByText('Rp1.500.000')).toBeInTheDocument();

    const amount = screen.getByRole('textbox', { name: 'Nominal penarikan' });
    await user.type(amount, '2000000');
    await user.click(screen.getByRole('button', { name: 'Tinjau' }));
    expect(screen.getByText('Melebihi saldo bebas Anda.')).toBeInTheDocument();
    expect(reviews).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '500.000,75');
    expect(amount).toHaveValue('500000,');
    expect(await screen.findByText('Diproses otomatis (di bawah Rp10.000.000).')).toBeInTheDocument();
    const preview = screen.getByLabelText('Rincian penarikan');
    expect(within(preview).getByText('Rp495.000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tinjau' }));
    await waitFor(() => expect(reviews).toEqual([{ bankAccountId: 'ba-1', amount: '500000' }]));

    expect(await screen.findByRole('heading', { name: 'Tinjau penarikan' })).toBeInTheDocument();
    const review = screen.getByLabelText('Rincian penarikan');
    expect(within(review).getByText('Rp500.000')).toBeInTheDocument();
    expect(within(review).getByText('Rp5.000')).toBeInTheDocument();
    expect(within(review).getByText('Rp495.000')).toBeInTheDocument();
    expect(within(review).getByText('Rp1.000.000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Konfirmasi dengan PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masukkan PIN' });
    await user.type(within(dialog).getByLabelText('PIN'), '111111');
    expect(await within(dialog).findByText('PIN salah. Sisa 4 kali.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('PIN'), '135792');
    await waitFor(() => expect(created).toEqual([{ bankAccountId: 'ba-1', amount: '500000', pin: '135792' }]));
    expect(router.state.location.search).toBe('?id=co-1');

    expect(await screen.findByText('Sedang dikirim ke bank Anda.')).toBeInTheDocument();
    status = 'COMPLETED';
    expect(
      await screen.findByText('Rp495.000 sudah dikirim ke rekening Anda.', undefined, { timeout: 8_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tarik lagi' })).toBeInTheDocument();
  });

  it('R1.04 a failed disbursement shows why and that the balance came back', async () => {
    logIn();
    server.use(
      ...cashoutHandlers(),
      http.get('*/api/v1/wallet/cashout/:id', () =>
        HttpResponse.json({ data: cashoutFixture({ status: 'FAILED', failureReason: 'Rekening tidak aktif' }) }),
      ),
      ...walletHandlers(),
    );
    renderApp('/balance/cashout?id=co-1');
    expect(await screen.findByText('Pengiriman gagal dan saldo sudah dikembalikan.')).toBeInTheDocument();
    expect(screen.getByText('Alasan: Rekening tidak aktif')).toBeInTheDocument();
  });

  it('R1.04 above the auto-approval limit the user is told it will be reviewed', async () => {
    logIn();
    server.use(
      ...cashoutHandlers(),
      ...walletHandlers({
        balance: {
          freeBalance: '50000000.00',
          cashBalance: '0.00',
          voucherBalance: '0.00',
          totalBalance: '50000000.00',
          currency: 'IDR',
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/balance/cashout');
    const amount = await screen.findByRole('textbox', { name: 'Nominal penarikan' });
    await user.type(amount, '20000000');
    expect(await screen.findByText(/Di atas Rp10.000.000: ditinjau tim kami dulu/)).toBeInTheDocument();
  });

  it('R1.04 without a bank account the flow leads to adding one', async () => {
    logIn();
    server.use(...cashoutHandlers({ accounts: [] }), ...walletHandlers());
    renderApp('/balance/cashout');
    expect(await screen.findByText('Belum ada rekening bank. Tambahkan rekening dulu.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tambah rekening bank' })).toHaveAttribute('href', '/account/bankAccount');
  });

  it('R1.04 an unverified identity is told to verify first and offered no cash-out form (issue 21)', async () => {
    logIn();
    server.use(meHandler, ...cashoutHandlers(), ...walletHandlers());
    renderApp('/balance/cashout');
    expect(await screen.findByText(/Verifikasi identitas \(KTP\) Anda untuk menambah rekening bank/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Verifikasi sekarang' })).toHaveAttribute('href', '/account/verification');
    expect(screen.queryByRole('textbox', { name: 'Nominal penarikan' })).not.toBeInTheDocument();
  });
});
