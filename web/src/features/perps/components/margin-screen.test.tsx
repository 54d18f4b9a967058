import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, logIn, meHandler, tagsHandler } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';
import type { MarginWallet } from '../api/types';

const wallet = (overrides: Partial<MarginWallet> = {}): MarginWallet => ({
  currency: 'USDT',
  marginBalance: '40.00',
  availableMargin: '30.00',
  buyingPower: '600.00',
  marginRatioPercentage: '25.00',
  maxLeverage: 20,
  spotUsdtAvailable: '12.50',
  ...overrides,
});

function handlers(current: MarginWallet) {
  return [
    meHandler,
    tagsHandler,
    http.get('*/api/v1/wallet/balance', () =>
      HttpResponse.json({
        data: {
          freeBalance: '0.00',
          cashBalance: '0.00',
          voucherBalance: '0.00',
          totalBalance: '0.00',
          currency: 'IDR',
        },
      }),
    ),
    http.get('*/api/v1/perps/margin-wallet', () => HttpResponse.json({ data: current })),
  ];
}

describe('/balance/futures', { timeout: 20_000 }, () => {
  it('R3.11 shows the margin balance, available margin, buying power and margin ratio, each explained', async () => {
    logIn();
    server.use(...handlers(wallet()));
    renderApp('/balance/futures');
    const summary = await screen.findByRole('region', { name: 'Ringkasan margin' });
    expect(within(summary).getByText('₮40,00')).toBeInTheDocument();
    expect(within(summary).getByText('₮30,00')).toBeInTheDocument();
    expect(within(summary).getByText('₮600,00')).toBeInTheDocument();
    expect(within(summary).getByText('25,00%')).toBeInTheDocument();
    expect(within(summary).getByText(/leverage maksimal 20x/)).toBeInTheDocument();
    expect(within(summary).getByText(/makin dekat ke likuidasi/)).toBeInTheDocument();
    expect(screen.queryByText(/Belum ada margin/)).not.toBeInTheDocument();
  });

  it('R3.11 an empty wallet without spot USDT says how to start and links to the USDT market', async () => {
    logIn();
    server.use(
      ...handlers(
        wallet({ marginBalance: '0.00', availableMargin: '0.00', buyingPower: '0.00', spotUsdtAvailable: '0.00' }),
      ),
    );
    renderApp('/balance/futures');
    expect(await screen.findByText(/Belum ada margin dan belum ada USDT spot/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Beli USDT' })).toHaveAttribute('href', '/trade/USDT-IDR');
  });

  it('R8.09 a failed load shows an error with a retry', async () => {
    logIn();
    server.use(
      http.get('*/api/v1/perps/margin-wallet', () => apiError(404, 'not_found', 'nope')),
      ...handlers(wallet()),
    );
    renderApp('/balance/futures');
    expect(await screen.findByText('Dompet margin belum bisa dimuat.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeInTheDocument();
  });

  it('deposits spot USDT after the review and the PIN; more than the spot balance is refused before sending', async () => {
    logIn();
    let sent: unknown = null;
    server.use(
      http.post('*/api/v1/perps/margin/deposit', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: wallet({ marginBalance: '50.00', spotUsdtAvailable: '2.50' }) });
      }),
      ...handlers(wallet()),
    );
    const user = userEvent.setup();
    renderApp('/balance/futures');
    const form = await screen.findByRole('region', { name: 'Pindahkan margin' });
    await user.type(within(form).getByLabelText('Nominal USDT'), '12.51');
    await user.click(within(form).getByRole('button', { name: 'Tinjau transfer' }));
    expect(within(form).getByText('USDT spot Anda tidak mencukupi (tersedia ₮12,50).')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Nominal USDT'));
    await user.type(within(form).getByLabelText('Nominal USDT'), '10');
    await user.click(within(form).getByRole('button', { name: 'Tinjau transfer' }));
    const review = await screen.findByRole('region', { name: 'Ringkasan transfer margin' });
    expect(review).toHaveTextContent(
      '₮10,00 dari USDT spot masuk ke dompet margin. Biaya ₮0,00. Saldo margin sesudahnya ₮50,00.',
    );
    await user.click(within(review).getByRole('button', { name: 'Konfirmasi dengan PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masukkan PIN' });
    await user.type(within(dialog).getByLabelText('PIN'), '135792');
    expect(await screen.findByText('Berhasil. Saldo margin sekarang ₮50,00.')).toBeInTheDocument();
    expect(sent).toEqual({ amount: '10', pin: '135792' });
  });

  it('withdraws with the server estimate (fee, net, ratio after) and refuses what the estimate does not allow', async () => {
    logIn();
    let sent: unknown = null;
    server.use(
      http.get('*/api/v1/perps/margin/withdrawal/estimate', ({ request }) => {
        const amount = new URL(request.url).searchParams.get('amount') ?? '';
        const allowed = Number(amount) <= 30;
        return HttpResponse.json({
          data: {
            amount: `${amount}.00`,
            fee: '0.00',
            netAmount: `${amount}.00`,
            allowed,
            marginBalanceAfter: allowed ? '20.00' : '40.00',
            marginRatioPercentageAfter: allowed ? '50.00' : '25.00',
          },
        });
      }),
      http.post('*/api/v1/perps/margin/withdrawal', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: wallet({ marginBalance: '20.00', availableMargin: '10.00' }) });
      }),
      ...handlers(wallet()),
    );
    const user = userEvent.setup();
    renderApp('/balance/futures');
    const form = await screen.findByRole('region', { name: 'Pindahkan margin' });
    await user.click(within(form).getByRole('combobox', { name: 'Arah transfer' }));
    await user.click(await screen.findByRole('option', { name: 'Tarik ke USDT spot' }));
    await user.type(within(form).getByLabelText('Nominal USDT'), '31');
    await user.click(within(form).getByRole('button', { name: 'Tinjau transfer' }));
    expect(await within(form).findByText('Margin tersedia tidak mencukupi (tersedia ₮30,00).')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Nominal USDT'));
    await user.type(within(form).getByLabelText('Nominal USDT'), '20');
    await user.click(within(form).getByRole('button', { name: 'Tinjau transfer' }));
    const review = await screen.findByRole('region', { name: 'Ringkasan transfer margin' });
    expect(review).toHaveTextContent('₮20,00 ditarik dari dompet margin, biaya ₮0,00, ₮20,00 masuk ke USDT spot.');
    expect(review).toHaveTextContent('Rasio margin sesudahnya 50,00%.');
    await user.click(within(review).getByRole('button', { name: 'Konfirmasi dengan PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masukkan PIN' });
    await user.type(within(dialog).getByLabelText('PIN'), '135792');
    expect(await screen.findByText('Berhasil. Saldo margin sekarang ₮20,00.')).toBeInTheDocument();
    expect(sent).toEqual({ amount: '20.00', pin: '135792' });
  });

  it('a bad amount is refused with a clear message and nothing is sent', async () => {
    logIn();
    server.use(...handlers(wallet()));
    const user = userEvent.setup();
    renderApp('/balance/futures');
    const form = await screen.findByRole('region', { name: 'Pindahkan margin' });
    await user.type(within(form).getByLabelText('Nominal USDT'), '1.1234567');
    await user.click(within(form).getByRole('button', { name: 'Tinjau transfer' }));
    expect(within(form).getByText(/paling banyak 6 angka desimal/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ringkasan transfer margin' })).not.toBeInTheDocument();
  });
});
