import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { analytics } from '@/lib/analytics';
import { useToasts } from '@/lib/toast';
import { apiError, logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import { MemoryRouter } from 'react-router';
import type { OrderRequest, SliderInput } from '../api/types';
import { OrderPanel } from './order-panel';

const slider: SliderInput = {
  amount: '0',
  quantity: '0',
  power: '1004100',
  conversionValue: null,
  taxationFeePercentage: '0.21',
  transactionFeePercentage: '0.2',
  stepConfig: { quantity: '0.0001', amount: '1000' },
  quantityPrecision: 8,
  amountPrecision: 0,
};

function tradingHandlers(orders: OrderRequest[], answer?: () => Response, availability = 'None') {
  return [
    http.get('*/api/v1/crypto/order-types', () =>
      HttpResponse.json({
        data: {
          symbol: 'BTC-IDR',
          buySellAvailability: availability,
          proMode: false,
          orderTypes: ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'OCO'].map((orderType) => ({
            orderType,
            code: null,
            aliases: [],
            amountInput: orderType === 'MARKET',
          })),
        },
      }),
    ),
    http.get('*/api/v1/crypto/slider-input', () => HttpResponse.json({ data: slider })),
    http.get('*/api/v1/crypto/price-quote', () =>
      HttpResponse.json({
        data: { symbol: 'BTC-IDR', bestBid: '999000000', bestAsk: '1000000000', lastPrice: '999500000', timeMs: 1 },
      }),
    ),
    http.post('*/api/v1/user/pin/verify-pin', () => HttpResponse.json({ data: { verifiedAtMs: Date.now() } })),
    http.post('*/api/v1/crypto/buy', async ({ request }) => {
      orders.push((await request.json()) as OrderRequest);
      if (answer) return answer();
      return HttpResponse.json({ data: { orderId: 'o1', isOpen: false, filledQuantity: '0.001', symbol: 'BTC-IDR' } });
    }),
  ];
}

beforeEach(() => analytics.reset());
afterEach(() => {
  analytics.reset();
  useToasts.setState({ queue: [] });
});

describe('OrderPanel', { timeout: 20_000 }, () => {
  it('R1.13 asks a guest to sign up or log in instead of showing the form', () => {
    renderWithQuery(
      <MemoryRouter>
        <OrderPanel symbol="BTC-IDR" baseAsset="BTC" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Daftar' })).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });

  it('R5.04 R5.06 R1.15 sizes a market buy with the slider, reviews it, confirms with the PIN and toasts the fill', async () => {
    logIn();
    const orders: OrderRequest[] = [];
    server.use(...tradingHandlers(orders));
    renderWithQuery(
      <>
        <OrderPanel symbol="BTC-IDR" baseAsset="BTC" />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    const slider = await screen.findByRole('slider', { name: 'Porsi dari dana yang bisa dipakai' });
    await waitFor(() => expect(slider).not.toBeDisabled());
    // The whole power: 1,004,100 with 0.41 % fees on top buys 0.001 BTC at the best ask.
    slider.focus();
    await user.keyboard('{End}');
    expect(screen.getByRole('textbox', { name: 'Jumlah' })).toHaveValue('0,001');
    expect(screen.getByText('Rp1.004.100')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tinjau beli BTC' }));
    expect(analytics.pending()).toBe(1);
    const review = screen.getByRole('dialog', { name: 'Tinjau beli BTC' });
    expect(within(review).getByText('Rp1.000.000')).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Konfirmasi order' }));
    await user.type(await screen.findByLabelText('PIN'), '135792');

    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toEqual({ symbol: 'BTC-IDR', orderType: 'MARKET', inputType: 'quantity', quantity: '0.001' });
    expect(await screen.findByText('Order Beli terisi: 0,001 BTC.')).toBeInTheDocument();
  });

  it('R8.08 R5.05 shows a refused order as an error toast and keeps the entry', async () => {
    logIn();
    const orders: OrderRequest[] = [];
    server.use(...tradingHandlers(orders, () => apiError(400, 'trading_halted', 'Perdagangan BTC-IDR dihentikan.')));
    renderWithQuery(
      <>
        <OrderPanel symbol="BTC-IDR" baseAsset="BTC" />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    const quantity = await screen.findByRole('textbox', { name: 'Jumlah' });
    await user.type(quantity, '2');
    // More than the power: the field carries an error tooltip and the review stays disabled (R5.05).
    expect(await screen.findByText('Saldo tidak cukup')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tinjau beli BTC' })).toBeDisabled();
    const again = screen.getByRole('textbox', { name: 'Jumlah' });
    await user.clear(again);
    await user.type(again, '0.0005');
    await user.click(screen.getByRole('button', { name: 'Tinjau beli BTC' }));
    await user.click(screen.getByRole('button', { name: 'Konfirmasi order' }));
    await user.type(await screen.findByLabelText('PIN'), '135792');
    expect(await screen.findByText('Perdagangan BTC-IDR dihentikan.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Masukkan PIN' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Jumlah' })).toHaveValue('0,0005');
  });

  it('R4.13 a halted pair blocks the panel with the halt reason', async () => {
    logIn();
    server.use(...tradingHandlers([], undefined, 'Disabled'));
    const flags = {
      enableBuy: false,
      enableSell: false,
      enableBuyForProMode: false,
      enableSellForProMode: false,
      tradingHalted: true,
      tradingHaltReason: { title: 'Perdagangan Dihentikan', description: 'Volatilitas ekstrem.' },
    };
    renderWithQuery(<OrderPanel symbol="BTC-IDR" baseAsset="BTC" flags={flags} />);
    expect(await screen.findByText('Volatilitas ekstrem.')).toBeInTheDocument();
    expect(screen.getByText('Perdagangan Dihentikan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tinjau beli BTC' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'OCO' })).toBeDisabled());
  });

  it('R6.02 a buy open only in pro mode says so and stays blocked, the sell side stays open', async () => {
    logIn();
    server.use(...tradingHandlers([], undefined, 'BuyDisabled'));
    const flags = {
      enableBuy: false,
      enableSell: true,
      enableBuyForProMode: true,
      enableSellForProMode: true,
      tradingHalted: false,
    };
    renderWithQuery(<OrderPanel symbol="BTC-IDR" baseAsset="BTC" flags={flags} />);
    expect(await screen.findByText('Pembelian koin ini hanya tersedia dalam mode Pro.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '0.0001');
    expect(screen.getByRole('button', { name: 'Tinjau beli BTC' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Jual' }));
    expect(screen.queryByText('Pembelian koin ini hanya tersedia dalam mode Pro.')).not.toBeInTheDocument();
  });
});
