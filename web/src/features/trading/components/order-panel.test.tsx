import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { analytics } from '@/lib/analytics';
import { i18n } from '@/i18n';
import { useAppStore } from '@/lib/store';
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

/** The server's estimate: quantities at the touch (1 000 000 000 ask, 999 000 000 bid), fee 0.2 %, tax 0.21 %. */
function estimateAnswer(url: URL): Response {
  const buy = url.searchParams.get('side') === 'BUY';
  const price = url.searchParams.get('limitPrice') ?? (buy ? '1000000000' : '999000000');
  const quantity = url.searchParams.get('quantity') ?? '0.001';
  const value = Number(quantity) * Number(price);
  const fee = Math.ceil(value * 0.2) / 100;
  const tax = Math.ceil(value * 0.21) / 100;
  const charges = fee + tax;
  return HttpResponse.json({
    data: {
      quantity,
      estimatedAmount: value.toFixed(2),
      estimatedTotalAmount: (buy ? value + charges : value - charges).toFixed(2),
      estimatedFee: fee.toFixed(2),
      estimatedTax: tax.toFixed(2),
      cryptocurrencyUnits: String(Math.round(Number(quantity) * 1e8)),
    },
  });
}

function tradingHandlers(
  orders: OrderRequest[],
  answer?: () => Response,
  availability = 'None',
  estimate: (url: URL) => Response = estimateAnswer,
  estimates: URL[] = [],
) {
  return [
    http.get('*/api/v1/crypto/estimate', ({ request }) => {
      const url = new URL(request.url);
      estimates.push(url);
      return estimate(url);
    }),
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

/** The value of the review line labelled `label` (the review is a description list). */
function reviewLine(review: HTMLElement, label: string): string {
  const term = within(review).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

async function openReview(name = 'Tinjau beli BTC') {
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name });
  await waitFor(() => expect(button).not.toBeDisabled());
  await user.click(button);
  return screen.findByRole('dialog', { name });
}

beforeEach(() => analytics.reset());
afterEach(() => {
  analytics.reset();
  useToasts.setState({ toasts: [] });
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
    const review = await screen.findByRole('dialog', { name: 'Tinjau beli BTC' });
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
    await user.click(await screen.findByRole('button', { name: 'Konfirmasi order' }));
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

  it('R2.13 R5.06 a buy by amount reviews the estimated coins, the price, the value, fee and tax in rupiah and the total paid', async () => {
    logIn();
    const estimates: URL[] = [];
    // Rp400.000 all in at 1 000 000 000 with 0.2 % fee and 0.21 % tax: 0.00039836 BTC worth Rp398.360.
    const answer = () =>
      HttpResponse.json({
        data: {
          quantity: '0.00039836',
          estimatedAmount: '398360.00',
          estimatedTotalAmount: '399993.28',
          estimatedFee: '796.72',
          estimatedTax: '836.56',
          cryptocurrencyUnits: '39836',
        },
      });
    server.use(...tradingHandlers([], undefined, 'None', answer, estimates));
    renderWithQuery(<OrderPanel symbol="BTC-IDR" baseAsset="BTC" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'IDR' }));
    await user.type(screen.getByRole('textbox', { name: 'Nominal' }), '400000');
    const review = await openReview();

    expect(estimates).toHaveLength(1);
    expect(Object.fromEntries(estimates[0]!.searchParams)).toEqual({
      symbol: 'BTC-IDR',
      side: 'BUY',
      amount: '400000',
    });
    expect(reviewLine(review, 'Nominal')).toBe('Rp400.000');
    expect(reviewLine(review, 'Perkiraan BTC didapat')).toBe('0,00039836 BTC');
    expect(reviewLine(review, 'Perkiraan harga')).toBe('Rp1.000.000.000');
    expect(reviewLine(review, 'Nilai order')).toBe('Rp398.360');
    // 796,72 and 836,556 → 836,56: what is paid is rounded up to whole rupiah, never shown smaller.
    expect(reviewLine(review, 'Biaya transaksi (0,2%)')).toBe('Rp797');
    expect(reviewLine(review, 'Pajak (0,21%)')).toBe('Rp837');
    expect(reviewLine(review, 'Anda bayar (perkiraan)')).toBe('Rp399.994');
    expect(within(review).getByRole('button', { name: 'Konfirmasi order' })).toBeEnabled();
  });

  it('R2.13 R5.06 a limit buy by quantity is estimated at its limit; a sell by quantity shows what is received', async () => {
    logIn();
    const estimates: URL[] = [];
    server.use(...tradingHandlers([], undefined, 'None', undefined, estimates));
    renderWithQuery(<OrderPanel symbol="BTC-IDR" baseAsset="BTC" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Jenis order' }));
    await user.click(screen.getByRole('option', { name: 'Limit' }));
    await user.type(screen.getByRole('textbox', { name: 'Harga limit' }), '900000000');
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '0.001');
    let review = await openReview();
    expect(Object.fromEntries(estimates[0]!.searchParams)).toEqual({
      symbol: 'BTC-IDR',
      side: 'BUY',
      quantity: '0.001',
      limitPrice: '900000000',
    });
    expect(reviewLine(review, 'Jumlah')).toBe('0,001 BTC');
    expect(reviewLine(review, 'Perkiraan harga')).toBe('Rp900.000.000');
    expect(reviewLine(review, 'Nilai order')).toBe('Rp900.000');
    expect(reviewLine(review, 'Biaya transaksi (0,2%)')).toBe('Rp1.800');
    expect(reviewLine(review, 'Pajak (0,21%)')).toBe('Rp1.890');
    expect(reviewLine(review, 'Anda bayar (perkiraan)')).toBe('Rp903.690');
    await user.click(within(review).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A market sell of 0.001 BTC at the best bid, 999 000 000: fee 1 998, tax 2 097,90, received cut.
    await user.click(screen.getByRole('tab', { name: 'Jual' }));
    await user.click(screen.getByRole('combobox', { name: 'Jenis order' }));
    await user.click(screen.getByRole('option', { name: 'Market' }));
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '0.001');
    review = await openReview('Tinjau jual BTC');
    expect(Object.fromEntries(estimates[1]!.searchParams)).toEqual({
      symbol: 'BTC-IDR',
      side: 'SELL',
      quantity: '0.001',
    });
    expect(reviewLine(review, 'Jumlah')).toBe('0,001 BTC');
    expect(reviewLine(review, 'Perkiraan harga')).toBe('Rp999.000.000');
    expect(reviewLine(review, 'Nilai order')).toBe('Rp999.000');
    expect(reviewLine(review, 'Biaya transaksi (0,2%)')).toBe('Rp1.998');
    expect(reviewLine(review, 'Pajak (0,21%)')).toBe('Rp2.098');
    expect(reviewLine(review, 'Anda terima (perkiraan)')).toBe('Rp994.904');
  });

  it('R4.10 a trailing stop sell: sells only, a trail checked as typed, reviewed at its first trigger, placed with the trail', async () => {
    logIn();
    const estimates: URL[] = [];
    const sells: OrderRequest[] = [];
    server.use(...tradingHandlers([], undefined, 'None', undefined, estimates));
    server.use(
      http.post('*/api/v1/crypto/sell', async ({ request }) => {
        sells.push((await request.json()) as OrderRequest);
        return HttpResponse.json({ data: { orderId: 't1', isOpen: true, filledQuantity: '0', symbol: 'BTC-IDR' } });
      }),
    );
    renderWithQuery(
      <>
        <OrderPanel symbol="BTC-IDR" baseAsset="BTC" />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    // A trailing stop protects a holding: buys do not offer it.
    await user.click(await screen.findByRole('combobox', { name: 'Jenis order' }));
    expect(await screen.findByRole('option', { name: 'Stop' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Trailing stop' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('tab', { name: 'Jual' }));
    await user.click(screen.getByRole('combobox', { name: 'Jenis order' }));
    await user.click(await screen.findByRole('option', { name: 'Trailing stop' }));
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '0.001');
    const trail = screen.getByRole('textbox', { name: 'Jarak trailing' });
    await user.type(trail, '100');
    expect(trail).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Persentase harus di atas 0 dan di bawah 100.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tinjau jual BTC' })).toBeDisabled();
    await user.clear(trail);
    await user.type(trail, '5');
    expect(trail).toHaveAttribute('aria-invalid', 'false');
    // The summary values the coins at the first trigger: 5 % under the best bid of 999 000 000.
    expect(screen.getByText('Pemicu awal (perkiraan)').nextElementSibling).toHaveTextContent('Rp949.050.000');

    const review = await openReview('Tinjau jual BTC');
    expect(Object.fromEntries(estimates[0]!.searchParams)).toEqual({
      symbol: 'BTC-IDR',
      side: 'SELL',
      quantity: '0.001',
      limitPrice: '949050000',
    });
    expect(reviewLine(review, 'Jenis order')).toBe('Trailing stop');
    expect(reviewLine(review, 'Jarak trailing')).toBe('5%');
    expect(reviewLine(review, 'Pemicu awal (perkiraan)')).toBe('Rp949.050.000');
    expect(reviewLine(review, 'Nilai order')).toBe('Rp949.050');
    expect(review).toHaveTextContent('Pemicu mengikuti harga beli tertinggi');
    await user.click(within(review).getByRole('button', { name: 'Konfirmasi order' }));
    await user.type(await screen.findByLabelText('PIN'), '135792');

    await waitFor(() => expect(sells).toHaveLength(1));
    expect(sells[0]).toEqual({
      symbol: 'BTC-IDR',
      orderType: 'TRAILING_STOP',
      inputType: 'quantity',
      quantity: '0.001',
      trailPercent: '5',
    });
    expect(await screen.findByText('Order Jual terpasang.')).toBeInTheDocument();
  });

  it('R4.10 a trailing distance in rupiah must stay under the best bid', async () => {
    logIn();
    server.use(...tradingHandlers([]));
    renderWithQuery(<OrderPanel symbol="BTC-IDR" baseAsset="BTC" initialSide="SELL" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Jenis order' }));
    await user.click(await screen.findByRole('option', { name: 'Trailing stop' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Jarak dalam' })).getByRole('button', { name: 'Nominal (Rp)' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '0.001');
    const trail = screen.getByRole('textbox', { name: 'Jarak trailing' });
    await user.type(trail, '999000000');
    expect(await screen.findByText('Jarak harus lebih kecil dari harga beli terbaik saat ini.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tinjau jual BTC' })).toBeDisabled();
    await user.clear(trail);
    await user.type(trail, '1000000');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tinjau jual BTC' })).toBeEnabled());
    expect(screen.getByText('Pemicu awal (perkiraan)').nextElementSibling).toHaveTextContent('Rp998.000.000');
  });

  it('R2.13 the review speaks English too', async () => {
    logIn();
    useAppStore.getState().setLanguage('en');
    await i18n.changeLanguage('en');
    server.use(...tradingHandlers([]));
    renderWithQuery(<OrderPanel symbol="BTC-IDR" baseAsset="BTC" />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Quantity' }), '0.001');
    const review = await openReview('Review buy BTC');
    expect(reviewLine(review, 'Estimated price')).toBe('Rp1,000,000,000');
    expect(reviewLine(review, 'Transaction fee (0.2%)')).toBe('Rp2,000');
    expect(reviewLine(review, 'Tax (0.21%)')).toBe('Rp2,100');
    expect(reviewLine(review, 'You pay (est.)')).toBe('Rp1,004,100');
  });

  it('R2.13 an order the book cannot price says so and never reaches Confirm', async () => {
    logIn();
    let refuse = true;
    const estimate = () =>
      refuse
        ? apiError(400, 'no_liquidity', 'There is no liquidity for this order right now.')
        : HttpResponse.json({
            data: {
              quantity: '0',
              estimatedAmount: '0',
              estimatedTotalAmount: '0',
              estimatedFee: '0',
              estimatedTax: '0',
              cryptocurrencyUnits: '0',
            },
          });
    server.use(...tradingHandlers([], undefined, 'None', estimate));
    renderWithQuery(<OrderPanel symbol="BTC-IDR" baseAsset="BTC" />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Jumlah' }), '0.001');
    await user.click(screen.getByRole('button', { name: 'Tinjau beli BTC' }));
    const unpriced = /Order ini belum bisa diperkirakan: tidak ada likuiditas di order book saat ini\./;
    expect(await screen.findByText(unpriced)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Konfirmasi order' })).not.toBeInTheDocument();

    // A buy by amount against an empty book: the server answers no coins, which is not priced either.
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'IDR' }));
    await user.type(screen.getByRole('textbox', { name: 'Nominal' }), '400000');
    await user.click(screen.getByRole('button', { name: 'Tinjau beli BTC' }));
    expect(await screen.findByText(unpriced)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Konfirmasi order' })).not.toBeInTheDocument();
  });

  it('R2.13 an estimate that fails for another reason asks to review again', async () => {
    logIn();
    server.use(...tradingHandlers([], undefined, 'None', () => HttpResponse.json({ error: 'down' }, { status: 404 })));
    renderWithQuery(<OrderPanel symbol="BTC-IDR" baseAsset="BTC" />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Jumlah' }), '0.001');
    await user.click(screen.getByRole('button', { name: 'Tinjau beli BTC' }));
    expect(
      await screen.findByText(
        'Perkiraan order tidak bisa dimuat, jadi order belum bisa dikonfirmasi. Coba tinjau lagi.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Konfirmasi order' })).not.toBeInTheDocument();
  });
});
