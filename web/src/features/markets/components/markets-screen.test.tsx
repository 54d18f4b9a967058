import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLiveClient } from '@/lib/live/live-client';
import { installTestSockets, type TestSocket } from '@/testing/test-socket';
import { queryClient } from '@/lib/query-client';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';
import type { CryptoInfo, Ticker } from '../api/types';

const flags = {
  enableBuy: true,
  enableSell: true,
  enableBuyForProMode: true,
  enableSellForProMode: true,
  tradingHalted: false,
  tradingHaltReason: null,
  bottomBannerMessage: null,
};

function crypto(id: number, short: string, name: string): CryptoInfo {
  return {
    ...flags,
    assetClass: 'CRYPTO',
    id,
    symbol: `${short}-IDR`,
    shortName: short,
    name,
    icon: '',
    enableProMode: true,
    liquiditySource: 'lp-pool',
    exchangeSymbols: {},
    pricePrecision: 0,
  };
}

function ticker(symbol: string, last: string, changePct: string, time = '2026-11-22T05:00:00Z'): Ticker {
  return {
    symbol,
    time,
    last,
    reference: last,
    change: '0',
    changePct,
    high: last,
    low: last,
    volume: '1500000',
    phase: 'CONTINUOUS',
    halted: false,
  };
}

const CATALOGUE = [crypto(1, 'USDT', 'Tether'), crypto(2, 'BTC', 'Bitcoin'), crypto(3, 'ETH', 'Ethereum')];

let sockets: TestSocket[] = [];
const searches: string[] = [];

beforeEach(() => {
  sockets = installTestSockets();
  searches.length = 0;
  queryClient.clear();
  server.use(
    http.get('*/api/v1/markets/symbols', ({ request }) => {
      const url = new URL(request.url);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      searches.push(search);
      const data = CATALOGUE.filter(
        (s) => !search || s.symbol.toLowerCase().includes(search) || s.name.toLowerCase().includes(search),
      );
      return HttpResponse.json({ data, page: 1, size: 30, total: data.length });
    }),
    http.get('*/api/v1/markets/tickers', () =>
      HttpResponse.json({
        data: [
          ticker('USDT-IDR', '16670', '-0.15'),
          ticker('BTC-IDR', '1514937166', '-1.78'),
          ticker('ETH-IDR', '48660612', '2.77'),
        ],
      }),
    ),
    http.get('*/api/v1/markets/top-movers', () =>
      HttpResponse.json({
        data: { gainers: [ticker('ETH-IDR', '48660612', '2.77')], losers: [ticker('BTC-IDR', '1514937166', '-1.78')] },
      }),
    ),
  );
});

afterEach(() => {
  cleanup();
  setLiveClient(null);
});

function listRows() {
  const table = screen.getByRole('table', { name: 'Daftar aset Kripto' });
  return within(table).getAllByRole('row').slice(1);
}

// Lazy routes render slowly on a loaded 2-core machine.
const SLOW = { timeout: 15_000 };

describe('markets page', { timeout: 30_000 }, () => {
  it('R1.12 R9.05 R9.09 R9.10 lists a class with formatted prices and 2-decimal changes, each row linking to its trade page', async () => {
    renderApp('/markets');
    await waitFor(() => expect(listRows()).toHaveLength(3), SLOW);
    const btc = listRows()[1]!;
    expect(within(btc).getByText('Rp1.514.937.166')).toBeInTheDocument();
    expect(within(btc).getByText('-1,78%')).toBeInTheDocument();
    expect(within(btc).getByText('1,5 jt')).toBeInTheDocument();
    expect(within(btc).getByRole('link', { name: /BTC-IDR Bitcoin/ })).toHaveAttribute('href', '/trade/BTC-IDR');
    expect(screen.getByRole('list', { name: 'Naik tertinggi' })).toHaveTextContent('ETH-IDR');
    expect(screen.getByRole('tab', { name: 'Kripto' })).toHaveAttribute('aria-selected', 'true');
  });

  it('searches the class and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderApp('/markets');
    await waitFor(() => expect(listRows()).toHaveLength(3), SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Cari aset' }), 'bitc');
    await waitFor(() => expect(listRows()).toHaveLength(1), SLOW);
    expect(searches).toContain('bitc');
    await user.clear(screen.getByRole('searchbox', { name: 'Cari aset' }));
    await user.type(screen.getByRole('searchbox', { name: 'Cari aset' }), 'zzz');
    expect(await screen.findByText('Tidak ada aset yang cocok dengan "zzz".', {}, SLOW)).toBeInTheDocument();
  });

  it('ticks prices live from ticker frames', async () => {
    renderApp('/markets');
    await waitFor(() => expect(listRows()).toHaveLength(3), SLOW);
    // The rows subscribe in an effect, which may run a frame after they show.
    await waitFor(() => expect(sockets[0]?.onmessage).toBeTruthy());
    const socket = sockets[0]!;
    act(() => {
      socket.onmessage?.({
        data: JSON.stringify({
          type: 'ticker',
          channel: 'ticker:BTC-IDR',
          data: ticker('BTC-IDR', '1520000000', '0.05', '2026-11-22T05:00:05Z'),
        }),
      });
    });
    const btc = listRows()[1]!;
    expect(within(btc).getByText('Rp1.520.000.000')).toBeInTheDocument();
    expect(within(btc).getByText('+0,05%')).toBeInTheDocument();
  });

  it('opens the tab named in the URL', async () => {
    server.use(
      http.get('*/api/v1/markets/symbols', () =>
        HttpResponse.json({
          data: [
            { ...flags, assetClass: 'US_STOCK', id: 1, cc: 'AAPL', na: 'Apple Inc.', ai: '', ipme: true, ioa: true },
          ],
          page: 1,
          size: 30,
          total: 1,
        }),
      ),
      http.get('*/api/v1/markets/tickers', () => HttpResponse.json({ data: [ticker('AAPL', '263.08', '3.34')] })),
    );
    renderApp('/markets?class=US_STOCK');
    const table = await screen.findByRole('table', { name: 'Daftar aset Saham AS' }, SLOW);
    await waitFor(() => expect(within(table).getByText('$263,08')).toBeInTheDocument(), SLOW);
    expect(within(table).getByRole('link', { name: /AAPL/ })).toHaveAttribute('href', '/trade/AAPL');
  });
});
