import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveClient, setLiveClient } from '@/lib/live/live-client';
import { apiError, logIn } from '@/testing/auth';
import { fakeSocket } from '@/testing/live';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import { MemoryRouter } from 'react-router';
import type { AssetHolding } from '../api/types';
import { PortfolioScreen } from './portfolio-screen';

const btc: AssetHolding = {
  symbol: 'BTC-IDR',
  asset: 'BTC',
  assetType: 'CRYPTO',
  quantity: '0.001',
  averagePrice: '1000000000.00',
  investedAmount: '1000000.00',
  currentPrice: '1000000000',
  currentValue: '1000000.00',
  unrealisedProfit: '0.00',
  unrealisedProfitPercentage: '0.00',
  realisedProfit: '2500.00',
};

const balance = {
  cashBalance: '500000.00',
  voucherBalance: '0.00',
  freeBalance: '500000.00',
  totalBalance: '500000.00',
  currency: 'IDR',
};

let socket: ReturnType<typeof fakeSocket>;

beforeEach(() => {
  socket = fakeSocket();
  setLiveClient(new LiveClient({ url: () => 'ws://test/ws', createSocket: () => socket.socket }));
  logIn();
});
afterEach(() => setLiveClient(null));

function render() {
  return renderWithQuery(
    <MemoryRouter>
      <PortfolioScreen />
    </MemoryRouter>,
  );
}

describe('PortfolioScreen', { timeout: 20_000 }, () => {
  it('R2.15 shows the cash balance and each holding, revalued live from the ticker channel', async () => {
    server.use(
      http.get('*/api/v1/portfolio/asset-holdings', () => HttpResponse.json({ data: [btc] })),
      http.get('*/api/v1/wallet/balance', () => HttpResponse.json({ data: balance })),
    );
    render();
    const card = await screen.findByRole('listitem', { name: 'BTC' });
    expect(within(screen.getByRole('group', { name: 'Saldo Rupiah' })).getByText('Rp500.000')).toBeInTheDocument();
    expect(within(card).getByText('+Rp2.500')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Transaksi BTC' })).toHaveAttribute('href', '/trade/BTC-IDR');

    // The holdings subscribe in an effect, which may run a frame after the list shows.
    await waitFor(() => expect(socket.socket.onopen).not.toBeNull());
    act(() => socket.open());
    expect(socket.sent.some((text) => text.includes('ticker:BTC-IDR'))).toBe(true);
    act(() =>
      socket.deliver({ type: 'ticker', channel: 'ticker:BTC-IDR', data: { symbol: 'BTC-IDR', last: '1100000000' } }),
    );
    expect(await within(card).findByText('Rp1.100.000')).toBeInTheDocument();
    expect(within(card).getByText('+Rp100.000 (+10,00%)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Keuntungan belum terealisasi' })).getByText('+Rp100.000'),
    ).toBeInTheDocument();
  });

  it('R2.15 a new user sees the empty state with a way to the markets', async () => {
    server.use(
      http.get('*/api/v1/portfolio/asset-holdings', () => HttpResponse.json({ data: [] })),
      http.get('*/api/v1/wallet/balance', () => HttpResponse.json({ data: balance })),
    );
    render();
    expect(await screen.findByText('Belum ada aset kripto')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lihat pasar' })).toHaveAttribute('href', '/markets');
  });

  it('R8.09 a failed load shows zeros and a retry, never a broken page', async () => {
    server.use(
      http.get('*/api/v1/portfolio/asset-holdings', () => apiError(400, 'bad_request', 'Gagal')),
      http.get('*/api/v1/wallet/balance', () => apiError(400, 'bad_request', 'Gagal')),
    );
    render();
    expect(await screen.findByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Saldo Rupiah' })).getByText('Rp0')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Nilai kripto' })).getByText('Rp0')).toBeInTheDocument();
  });
});
