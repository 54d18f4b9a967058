import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLiveClient } from '@/lib/live/live-client';
import { queryClient } from '@/lib/query-client';
import { logIn, meHandler, tagsHandler } from '@/testing/auth';
import { installTestSockets } from '@/testing/test-socket';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';

const ticker = (symbol: string, last: string, changePct: string) => ({
  symbol,
  time: '2026-11-22T05:00:00Z',
  last,
  reference: last,
  change: '0',
  changePct,
  high: last,
  low: last,
  volume: '10',
  phase: 'CONTINUOUS',
  halted: false,
});

beforeEach(() => {
  queryClient.clear();
  installTestSockets();
});
afterEach(() => setLiveClient(null));

describe('home', () => {
  it('shows a signed-in user their value, balance with Top up, holdings, recent orders and movers', async () => {
    logIn();
    server.use(
      meHandler,
      tagsHandler,
      http.get('*/api/v1/wallet/balance', () =>
        HttpResponse.json({
          data: {
            freeBalance: '600000.00',
            cashBalance: '600000.00',
            voucherBalance: '0.00',
            totalBalance: '600000.00',
            currency: 'IDR',
          },
        }),
      ),
      http.get('*/api/v1/portfolio/asset-holdings', () =>
        HttpResponse.json({
          data: [
            {
              asset: 'BTC',
              assetType: 'CRYPTO',
              symbol: 'BTC-IDR',
              quantity: '0.0002',
              averagePrice: '1500000000',
              currentPrice: '2000000000',
              currentValue: '400000.00',
              investedAmount: '300000.00',
              realisedProfit: '0.00',
              unrealisedProfit: '100000.00',
              unrealisedProfitPercentage: '33.33',
            },
          ],
        }),
      ),
      http.get('*/api/v1/trade-web/crypto/transactions/closed', () =>
        HttpResponse.json({
          data: [
            {
              orderId: 'o1',
              symbol: 'BTC-IDR',
              side: 'BUY',
              sideCode: 1,
              orderType: 'MARKET',
              status: 'FILLED',
              statusWord: 'terisi',
              isOpen: false,
              quantity: '0.0002',
              filledQuantity: '0.0002',
              filledAmount: '300000.00',
              averagePrice: '1500000000',
              fee: '0',
              fillMode: 'FILL_BY_AMOUNT',
              createdAtMs: 1_700_000_000_000,
            },
          ],
          page: 1,
          size: 30,
          total: 1,
        }),
      ),
      http.get('*/api/v1/markets/top-movers', () =>
        HttpResponse.json({ data: { gainers: [ticker('ETH-IDR', '50000000', '3.10')], losers: [] } }),
      ),
    );
    renderApp('/');
    const value = await screen.findByRole('region', { name: 'Nilai portofolio' });
    // Cash 600,000 plus BTC worth 400,000.
    expect(await within(value).findByText('Rp1.000.000')).toBeInTheDocument();
    const balance = screen.getByRole('region', { name: 'Saldo Rupiah' });
    expect(await within(balance).findByText('Rp600.000')).toBeInTheDocument();
    expect(within(balance).getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/balance/topup');
    const holding = await within(screen.getByRole('region', { name: 'Aset Anda' })).findByRole('listitem', {
      name: 'BTC',
    });
    expect(within(holding).getByRole('link', { name: 'BTC' })).toHaveAttribute('href', '/trade/BTC-IDR');
    expect(
      await within(screen.getByRole('region', { name: 'Order terakhir' })).findByText('BTC-IDR'),
    ).toBeInTheDocument();
    expect(await screen.findByText('ETH-IDR')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Semua investasi Anda, dalam satu tempat' })).toBeNull();
  });

  it('keeps the product page for guests, naming only features that exist today', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Semua investasi Anda, dalam satu tempat' }),
    ).toBeVisible();
    for (const missing of ['Peringatan harga', 'watchlist', 'Laporan pajak', 'Berita']) {
      expect(screen.queryByText(new RegExp(missing, 'i'))).toBeNull();
    }
    expect(screen.getByText('Grafik dan buku order')).toBeInTheDocument();
  });
});
