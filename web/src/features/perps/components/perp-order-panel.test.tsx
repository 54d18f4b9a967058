import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import type { PerpOrderBody } from '../api/types';
import { estimate, instrument } from '../testing/fixtures';
import { PerpOrderPanel } from './perp-order-panel';

interface Calls {
  placed: { path: string; body: PerpOrderBody; requestId: string | null }[];
  estimated: { side: string; body: PerpOrderBody }[];
  leverage: number[];
}

function handlers(calls: Calls, { sufficient = true, marginBalance = '30.00' } = {}) {
  let leverage = 10;
  return [
    http.get('*/api/v1/perps/instrument', () => HttpResponse.json({ data: instrument() })),
    http.get('*/api/v1/perps/order-types', () =>
      HttpResponse.json({
        data: [
          { orderType: 'MARKET', needsPrice: false, needsStopPrice: false },
          { orderType: 'LIMIT', needsPrice: true, needsStopPrice: false },
          { orderType: 'STOP_MARKET', needsPrice: false, needsStopPrice: true },
          { orderType: 'STOP_LIMIT', needsPrice: true, needsStopPrice: true },
        ],
      }),
    ),
    http.get('*/api/v1/perps/leverage', () =>
      HttpResponse.json({ data: { symbol: 'BTCUSDT-PERP', leverage, maxLeverage: 20 } }),
    ),
    http.put('*/api/v1/perps/leverage', async ({ request }) => {
      leverage = ((await request.json()) as { leverage: number }).leverage;
      calls.leverage.push(leverage);
      return HttpResponse.json({ data: { symbol: 'BTCUSDT-PERP', leverage, maxLeverage: 20 } });
    }),
    http.get('*/api/v1/perps/margin-wallet', () =>
      HttpResponse.json({
        data: {
          currency: 'USDT',
          marginBalance,
          availableMargin: marginBalance,
          buyingPower: '600.00',
          marginRatioPercentage: '0.00',
          maxLeverage: 20,
          spotUsdtAvailable: '0.00',
        },
      }),
    ),
    http.post('*/api/v1/perps/estimate/:side', async ({ request, params }) => {
      const body = (await request.json()) as PerpOrderBody;
      calls.estimated.push({ side: String(params.side), body });
      return HttpResponse.json({
        data: estimate({
          side: params.side === 'sell' ? 'SELL' : 'BUY',
          quantity: body.quantity,
          leverage,
          sufficient,
        }),
      });
    }),
    ...(['buy', 'sell'] as const).map((side) =>
      http.post(`*/api/v1/perps/${side}`, async ({ request }) => {
        calls.placed.push({
          path: `/v1/perps/${side}`,
          body: (await request.json()) as PerpOrderBody,
          requestId: request.headers.get('x-request-id'),
        });
        return HttpResponse.json({ data: { id: 'o1', symbol: 'BTCUSDT-PERP', status: 'SUCCESS' } });
      }),
    ),
    http.post('*/api/v1/user/pin/verify-pin', () => HttpResponse.json({ data: { verifiedAtMs: Date.now() } })),
  ];
}

function renderPanel(initialSide: 'BUY' | 'SELL' = 'BUY') {
  return renderWithQuery(
    <MemoryRouter>
      <PerpOrderPanel symbol="BTCUSDT-PERP" initialSide={initialSide} />
    </MemoryRouter>,
  );
}

const newCalls = (): Calls => ({ placed: [], estimated: [], leverage: [] });

describe('PerpOrderPanel', { timeout: 30_000 }, () => {
  it('opens a 10x long at market: the estimate, the review, the PIN, then the order with its request id', async () => {
    logIn();
    const calls = newCalls();
    server.use(...handlers(calls));
    renderPanel();
    const user = userEvent.setup();
    expect(await screen.findByRole('tab', { name: 'Long' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('slider', { name: 'Leverage' })).toHaveAttribute('aria-valuenow', '10');
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '0,002');
    const figures = await screen.findByRole('region', { name: 'Estimasi' });
    expect(figures).toHaveTextContent('Margin awal (10x)₮18,00');
    expect(figures).toHaveTextContent('Biaya total (margin + biaya)₮18,09');
    expect(figures).toHaveTextContent('Harga likuidasi (est.)₮81.450,5');
    expect(calls.estimated.at(-1)).toEqual({
      side: 'buy',
      body: { symbol: 'BTCUSDT-PERP', orderType: 'MARKET', quantity: '0.002' },
    });
    await user.click(screen.getByRole('button', { name: 'Tinjau long BTCUSDT-PERP' }));
    const review = await screen.findByRole('dialog', { name: 'Tinjau long BTCUSDT-PERP' });
    expect(review).toHaveTextContent('Anda membuka atau menambah long 0,002 BTCUSDT-PERP dengan 10x');
    await user.click(within(review).getByRole('button', { name: 'Konfirmasi order' }));
    await user.type(await screen.findByLabelText('PIN'), '135792');
    await waitFor(() => expect(calls.placed).toHaveLength(1));
    expect(calls.placed[0]!.path).toBe('/v1/perps/buy');
    expect(calls.placed[0]!.body).toEqual({ symbol: 'BTCUSDT-PERP', orderType: 'MARKET', quantity: '0.002' });
    expect(calls.placed[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for the price and the trigger each type needs, and sends a reduce-only stop-limit short', async () => {
    logIn();
    const calls = newCalls();
    server.use(...handlers(calls));
    renderPanel('SELL');
    const user = userEvent.setup();
    await screen.findByRole('tab', { name: 'Short', selected: true });
    expect(screen.queryByRole('textbox', { name: 'Harga limit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Harga pemicu (mark)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Jenis order' }));
    await user.click(await screen.findByRole('option', { name: 'Stop limit' }));
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '0,001');
    const review = screen.getByRole('button', { name: 'Tinjau short BTCUSDT-PERP' });
    expect(review).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Harga pemicu (mark)' }), '88000');
    await user.type(screen.getByRole('textbox', { name: 'Harga limit' }), '87999,95');
    // Cut to the contract's one decimal as typed (R5.01).
    expect(screen.getByRole('textbox', { name: 'Harga limit' })).toHaveValue('87999,9');
    await user.click(screen.getByRole('checkbox', { name: 'Hanya mengurangi' }));
    expect(review).toBeEnabled();
    await user.click(review);
    const dialog = await screen.findByRole('dialog', { name: 'Tinjau short BTCUSDT-PERP' });
    expect(dialog).toHaveTextContent('Hanya mengurangiYa');
    await user.click(within(dialog).getByRole('button', { name: 'Konfirmasi order' }));
    await user.type(await screen.findByLabelText('PIN'), '135792');
    await waitFor(() => expect(calls.placed).toHaveLength(1));
    expect(calls.placed[0]).toMatchObject({
      path: '/v1/perps/sell',
      body: {
        symbol: 'BTCUSDT-PERP',
        orderType: 'STOP_LIMIT',
        quantity: '0.001',
        stopPrice: '88000',
        price: '87999.9',
        reduceOnly: true,
      },
    });
  });

  it('issue 13: a long with a take-profit and a stop-loss on their sides of the mark; the wrong side is named', async () => {
    logIn();
    const calls = newCalls();
    server.use(...handlers(calls));
    renderPanel();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Jumlah' }), '0,002');
    expect(screen.queryByRole('textbox', { name: 'Take-profit (mark)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Pasang take-profit / stop-loss' }));
    await user.type(screen.getByRole('textbox', { name: 'Take-profit (mark)' }), '80000');
    expect(await screen.findByText(/Take-profit harus di sisi untung dari harga order/)).toBeInTheDocument();
    const reviewButton = screen.getByRole('button', { name: 'Tinjau long BTCUSDT-PERP' });
    expect(reviewButton).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Take-profit (mark)' }));
    await user.type(screen.getByRole('textbox', { name: 'Take-profit (mark)' }), '99000');
    await user.type(screen.getByRole('textbox', { name: 'Stop-loss (mark)' }), '85000');
    expect(reviewButton).toBeEnabled();
    await user.click(reviewButton);
    const review = await screen.findByRole('dialog', { name: 'Tinjau long BTCUSDT-PERP' });
    expect(review).toHaveTextContent('Take-profit (mark)₮99.000Stop');
    expect(review).toHaveTextContent('Stop-loss (mark)₮85.000Harga');
    await user.click(within(review).getByRole('button', { name: 'Konfirmasi order' }));
    await user.type(await screen.findByLabelText('PIN'), '135792');
    await waitFor(() => expect(calls.placed).toHaveLength(1));
    expect(calls.placed[0]!.body).toEqual({
      symbol: 'BTCUSDT-PERP',
      orderType: 'MARKET',
      quantity: '0.002',
      takeProfit: '99000',
      stopLoss: '85000',
    });
  });

  it('says what is wrong with a quantity off the step or below the minimum value', async () => {
    logIn();
    server.use(...handlers(newCalls()));
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Jenis order' }));
    await user.click(await screen.findByRole('option', { name: 'Limit' }));
    await user.type(screen.getByRole('textbox', { name: 'Harga limit' }), '1000');
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '0,001');
    expect(await screen.findByText('Nilai order di bawah minimum ₮5,00.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tinjau long BTCUSDT-PERP' })).toBeDisabled();
  });

  it('R3.11 the leverage slider runs 1x to 20x and keeps the choice on the server', async () => {
    logIn();
    const calls = newCalls();
    server.use(...handlers(calls));
    renderPanel();
    const slider = await screen.findByRole('slider', { name: 'Leverage' });
    expect(slider).toHaveAttribute('aria-valuemin', '1');
    expect(slider).toHaveAttribute('aria-valuemax', '20');
    const user = userEvent.setup();
    slider.focus();
    await user.keyboard('{End}');
    await waitFor(() => expect(calls.leverage).toEqual([20]));
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '20'));
    await user.keyboard('{Home}');
    await waitFor(() => expect(calls.leverage).toEqual([20, 1]));
    expect(slider).toHaveAttribute('aria-valuenow', '1');
  });

  it('offers a margin deposit when the wallet does not cover the order', async () => {
    logIn();
    server.use(...handlers(newCalls(), { sufficient: false, marginBalance: '1.00' }));
    renderPanel();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Jumlah' }), '0,002');
    expect(await screen.findByText(/Margin tersedia Anda tidak cukup untuk order ini/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Setor margin' })).toHaveAttribute('href', '/balance/futures');
  });
});
