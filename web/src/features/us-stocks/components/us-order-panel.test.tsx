import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { useToasts } from '@/lib/toast';
import { apiError, logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import type { UsOrderBody } from '../api/types';
import { description, estimateOf, panelHandlers } from '../testing/fixtures';
import { UsOrderPanel } from './us-order-panel';

afterEach(() => useToasts.setState({ toasts: [] }));

function renderPanel(initialSide: 'BUY' | 'SELL' = 'BUY') {
  return renderWithQuery(
    <MemoryRouter>
      <UsOrderPanel stockId="AAPL" description={description} initialSide={initialSide} />
      <Toaster />
    </MemoryRouter>,
  );
}

async function reviewAndConfirm(reviewName: string) {
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: reviewName });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  const review = await screen.findByRole('dialog', { name: reviewName });
  await user.click(within(review).getByRole('button', { name: 'Konfirmasi order' }));
  await user.type(await screen.findByLabelText('PIN'), '135792');
  return review;
}

describe('UsOrderPanel', { timeout: 20_000 }, () => {
  it('R6.03 an account not verified for US stocks sees the way to verification, not the form', async () => {
    logIn();
    server.use(...panelHandlers([], 'UNVERIFIED'));
    renderPanel();
    expect(await screen.findByText('Belum terverifikasi untuk saham AS')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verifikasi sekarang' })).toHaveAttribute('href', '/account/verification');
    expect(screen.queryByRole('textbox', { name: 'Jumlah' })).not.toBeInTheDocument();
  });

  it('R6.03 R8.03 a 041 refusal from the server also turns the form into the verification call to action', async () => {
    logIn();
    // Handlers given first take precedence.
    server.use(
      http.get('*/api/v1/us-stocks/estimate', () => apiError(400, '041', 'Akun saham AS belum terverifikasi.')),
      ...panelHandlers([]),
    );
    renderPanel();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Jumlah' }), '1');
    await user.click(screen.getByRole('button', { name: 'Tinjau beli AAPL' }));
    expect(await screen.findByRole('link', { name: 'Verifikasi sekarang' })).toBeInTheDocument();
  });

  it('R5.11 the live estimate asks once the typing pauses, not at every keystroke', async () => {
    logIn();
    const asked: string[] = [];
    server.use(...panelHandlers([]));
    server.use(
      http.get('*/api/v1/us-stocks/estimate', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.searchParams.get('quantity') ?? '');
        return HttpResponse.json({ data: estimateOf(url) });
      }),
    );
    renderPanel();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Jumlah' }), '125');
    const estimate = await screen.findByRole('region', { name: 'Estimasi' });
    await waitFor(() => expect(estimate).toHaveTextContent('125 lembar AAPL'));
    expect(asked).toEqual(['125']);
  });

  it('R2.13 R4.17 a fractional market buy: live estimate, review in USD and IDR, PIN, normal endpoint', async () => {
    logIn();
    const placed: { path: string; body: UsOrderBody }[] = [];
    server.use(...panelHandlers(placed));
    renderPanel();
    const user = userEvent.setup();
    const power = await screen.findByText('Daya beli (Normal)');
    expect(power.nextElementSibling).toHaveTextContent('$500,00');
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '0,5');
    const estimate = await screen.findByRole('region', { name: 'Estimasi' });
    await waitFor(() => expect(estimate).toHaveTextContent('Anda bayar (est.)$135,16'));

    const review = await reviewAndConfirm('Tinjau beli AAPL');
    expect(review).toHaveTextContent(
      'Anda membayar sekitar $135,16 (Rp2.230.140) dan mendapat sekitar 0,5 lembar AAPL.',
    );
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toEqual({
      path: '/v1/us-stocks/buy',
      body: {
        stockId: 'AAPL',
        orderType: 'MARKET',
        quantity: '0.5',
        timeInForce: 'GOOD_TILL_CANCEL',
        tradingHours: 'REGULAR_HOURS',
      },
    });
    expect(await screen.findByText('Order Beli AAPL terkirim: working.')).toBeInTheDocument();
  });

  it('R4.15 R4.16 a 4x buy hides time in force and trading hours, shows the loan and goes to the leverage endpoint', async () => {
    logIn();
    const placed: { path: string; body: UsOrderBody }[] = [];
    server.use(...panelHandlers(placed));
    renderPanel();
    const user = userEvent.setup();
    const leverage = await screen.findByRole('group', { name: 'Leverage' });
    expect(
      within(leverage)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Normal', '2x', '4x intraday']);
    expect(screen.getByRole('combobox', { name: 'Masa berlaku' })).toBeInTheDocument();
    await user.click(within(leverage).getByRole('button', { name: '4x intraday' }));
    expect(screen.queryByRole('combobox', { name: 'Masa berlaku' })).not.toBeInTheDocument();
    expect(screen.getByText(/4x intraday: order berlaku sampai pasar tutup/)).toBeInTheDocument();
    expect(screen.getByText('Daya beli (Intraday 4x)').nextElementSibling).toHaveTextContent('$400,00');
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '1');
    const estimate = await screen.findByRole('region', { name: 'Estimasi' });
    await waitFor(() => expect(within(estimate).getByText('Dipinjam')).toBeInTheDocument());

    await reviewAndConfirm('Tinjau beli AAPL');
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]!.path).toBe('/v1/us-stocks/leverage/buy');
    expect(placed[0]!.body).toEqual({
      stockId: 'AAPL',
      orderType: 'MARKET',
      quantity: '1',
      leverage: 4,
      isIntradayLeverage: true,
      timeInForce: 'GOOD_TILL_MARKET_CLOSE',
    });
  });

  it('R4.09 R4.10 sells offer trailing stop and OCO; extended hours only with a limit, in whole shares', async () => {
    logIn();
    const placed: { path: string; body: UsOrderBody }[] = [];
    server.use(...panelHandlers(placed));
    renderPanel('SELL');
    const user = userEvent.setup();
    expect(await screen.findByText('Saham yang Anda miliki (Normal)')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Jenis order' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Market',
      'Limit',
      'Stop',
      'Stop limit',
      'Trailing stop',
      'OCO (take-profit + stop-loss)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Market' }));
    expect(screen.queryByRole('combobox', { name: 'Jam perdagangan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'USD' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Jenis order' }));
    await user.click(screen.getByRole('option', { name: 'Limit' }));
    await user.type(screen.getByRole('textbox', { name: 'Harga limit' }), '283,5');
    await user.click(screen.getByRole('combobox', { name: 'Jam perdagangan' }));
    await user.click(screen.getByRole('option', { name: 'Termasuk jam perpanjangan' }));
    // Extended hours take whole shares: the quantity field keeps no decimals.
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '1,5');
    expect(screen.getByRole('textbox', { name: 'Jumlah' })).toHaveValue('15');
    await user.clear(screen.getByRole('textbox', { name: 'Jumlah' }));
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '1');

    await reviewAndConfirm('Tinjau jual AAPL');
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toEqual({
      path: '/v1/us-stocks/sell',
      body: {
        stockId: 'AAPL',
        orderType: 'LIMIT',
        quantity: '1',
        unitPrice: '283.5',
        timeInForce: 'GOOD_TILL_CANCEL',
        tradingHours: 'INCLUDE_EXTENDED_HOURS',
      },
    });
  });

  it('R8.08 a refused order shows the server message as an error toast', async () => {
    logIn();
    server.use(
      http.post('*/api/v1/us-stocks/buy', () => apiError(400, 'market_closed', 'Pasar saham AS sedang tutup.')),
      ...panelHandlers([]),
    );
    renderPanel();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Jumlah' }), '1');
    await reviewAndConfirm('Tinjau beli AAPL');
    expect(await screen.findByText('Pasar saham AS sedang tutup.')).toBeInTheDocument();
  });

  it('R8.09 a failed USD balance shows why and a retry instead of a form without buying power', async () => {
    logIn();
    server.use(
      http.get('*/api/v1/wallet/usd/balance', () => apiError(400, 'unavailable', 'Tidak tersedia.')),
      ...panelHandlers([]),
    );
    renderPanel();
    expect(await screen.findByText(/Saldo USD Anda tidak dapat dimuat/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });
});
