import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';
import { balanceFixture, transactionFixture, walletHandlers } from '../testing/fixtures';

function breakdownAmount(label: string): string {
  const list = screen.getByRole('list', { name: 'Rincian saldo' });
  return within(list).getByRole('listitem', { name: label }).textContent ?? '';
}

describe('/balance', { timeout: 20_000 }, () => {
  it('R3.09 R1.04 shows the total and the free, held and voucher balances, each explained, with the actions', async () => {
    logIn();
    server.use(...walletHandlers());
    renderApp('/balance');
    const total = await screen.findByRole('region', { name: 'Total saldo' });
    expect(await within(total).findByText('Rp1.800.000')).toBeInTheDocument();
    expect(breakdownAmount('Saldo bebas')).toContain('Rp1.500.000');
    expect(breakdownAmount('Saldo bebas')).toContain('Bisa dipakai membeli aset atau ditarik sekarang.');
    expect(breakdownAmount('Saldo tertahan')).toContain('Rp250.000');
    expect(breakdownAmount('Voucher')).toContain('Rp50.000');
    expect(breakdownAmount('Voucher')).toContain('tidak bisa ditarik');
    const actions = screen.getByRole('group', { name: 'Tindakan saldo' });
    expect(within(actions).getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/balance/topup');
    expect(within(actions).getByRole('link', { name: 'Tarik saldo' })).toHaveAttribute('href', '/balance/cashout');
    expect(within(actions).getByRole('link', { name: 'Riwayat' })).toHaveAttribute('href', '/transaction-history');
  });

  it('R8.09 a failed balance fetch shows zero balances and a retry, never a broken page', async () => {
    logIn();
    let fail = true;
    // The first matching handler answers: the failing balance goes before the defaults.
    server.use(
      http.get('*/api/v1/wallet/balance', () =>
        fail ? apiError(404, 'not_found', 'nope') : HttpResponse.json({ data: balanceFixture }),
      ),
      ...walletHandlers(),
    );
    const user = userEvent.setup();
    renderApp('/balance');
    expect(await screen.findByText(/Saldo belum bisa dimuat, jadi ditampilkan nol/)).toBeInTheDocument();
    const total = screen.getByRole('region', { name: 'Total saldo' });
    expect(within(total).getByText('Rp0')).toBeInTheDocument();
    expect(breakdownAmount('Saldo bebas')).toContain('Rp0');
    expect(breakdownAmount('Saldo tertahan')).toContain('Rp0');
    expect(breakdownAmount('Voucher')).toContain('Rp0');
    expect(screen.queryByRole('heading', { name: /kesalahan/i })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Muat ulang' }));
    expect(await within(total).findByText('Rp1.800.000')).toBeInTheDocument();
    expect(screen.queryByText(/Saldo belum bisa dimuat/)).not.toBeInTheDocument();
  });

  it('R9.09 R9.10 amounts follow the language: Rp1,800,000 in English', async () => {
    logIn();
    server.use(...walletHandlers());
    renderApp('/en/balance');
    const total = await screen.findByRole('region', { name: 'Total balance' });
    expect(await within(total).findByText('Rp1,800,000')).toBeInTheDocument();
  });

  it('R1.04 the header links to the balance with the total for a logged-in user only (R6.01)', async () => {
    logIn();
    server.use(...walletHandlers());
    const { unmount } = renderApp('/account');
    const link = await screen.findByRole('link', { name: 'Saldo Rp1.800.000' });
    expect(link).toHaveAttribute('href', '/balance');
    unmount();
  });

  it('R6.01 a visitor loads no balance and sees no balance link', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/v1/wallet/balance', () => {
        asked += 1;
        return HttpResponse.json({ data: balanceFixture });
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Masuk' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Saldo Rp/ })).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('lists the recent activity and opens a transaction from it', async () => {
    logIn();
    server.use(
      http.get('*/api/v1/wallet/transactions/:id/details-with-state-transition', () =>
        HttpResponse.json({ data: { topup: null, transitions: [] } }),
      ),
      ...walletHandlers({ history: [transactionFixture()] }),
    );
    const user = userEvent.setup();
    renderApp('/balance');
    const recent = await screen.findByRole('list', { name: 'Aktivitas terakhir' });
    await user.click(within(recent).getByRole('button', { name: 'Top up +Rp150.000, Berhasil' }));
    expect(await screen.findByRole('dialog', { name: 'Detail transaksi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lihat semua', hidden: true })).toHaveAttribute(
      'href',
      '/transaction-history',
    );
  });
});
