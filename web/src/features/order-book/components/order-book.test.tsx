import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveClient, setLiveClient } from '@/lib/live/live-client';
import { TestSocket } from '@/testing/test-socket';
import { queryClient } from '@/lib/query-client';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import type { OrderBookDoc } from '../api/get-order-book';
import { OrderBook } from './order-book';

let socket: TestSocket;

const levels = (from: number, step: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    price: String(from + i * step),
    quantity: '1',
    cumulativePercentage: '0',
  }));

function book(bestBid: number): OrderBookDoc {
  return {
    bids: levels(bestBid, -1, 12),
    asks: levels(bestBid + 2, 1, 12),
    totalBidQuantity: '12',
    totalAskQuantity: '12',
    cryptocurrencySymbol: 'BTC',
  };
}

beforeEach(() => {
  queryClient.clear();
  setLiveClient(
    new LiveClient({
      url: () => 'ws://test/ws',
      createSocket: () => {
        socket = new TestSocket(1);
        return socket;
      },
    }),
  );
  server.use(http.get('*/api/v1/crypto/order-book', () => HttpResponse.json({ data: book(16_650) })));
});

afterEach(() => {
  cleanup();
  setLiveClient(null);
});

describe('order book widget', { timeout: 20_000 }, () => {
  it('R5.08 R3.04 shows 10 asks and 10 bids with cumulative depth, best prices beside the spread', async () => {
    renderWithQuery(<OrderBook kind="crypto" symbol="USDT-IDR" currency="IDR" />);
    const asks = await screen.findByRole('table', { name: 'Penawaran jual' });
    const bids = screen.getByRole('table', { name: 'Penawaran beli' });
    await waitFor(() => expect(within(bids).getAllByRole('row')).toHaveLength(11));
    expect(within(asks).getAllByRole('row')).toHaveLength(11);
    const bidRows = within(bids).getAllByRole('row').slice(1);
    expect(bidRows[0]).toHaveTextContent('Rp16.650');
    expect(bidRows[0]).toHaveTextContent('10,00%');
    expect(bidRows[9]).toHaveTextContent('Rp16.641');
    expect(bidRows[9]).toHaveTextContent('100,00%');
    // Asks are drawn best (lowest) last, next to the spread.
    const askRows = within(asks).getAllByRole('row').slice(1);
    expect(askRows[9]).toHaveTextContent('Rp16.652');
    expect(screen.getByText('Rp2')).toBeInTheDocument();
  });

  it('follows orderbook frames', async () => {
    renderWithQuery(<OrderBook kind="crypto" symbol="USDT-IDR" currency="IDR" />);
    const bids = await screen.findByRole('table', { name: 'Penawaran beli' });
    await waitFor(() => expect(within(bids).getAllByRole('row')[1]).toHaveTextContent('Rp16.650'));
    act(() => {
      socket.onmessage?.({
        data: JSON.stringify({ type: 'orderbook', channel: 'orderbook:USDT-IDR', data: book(16_700) }),
      });
    });
    // The query cache notifies on its next tick.
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Penawaran beli' })).getAllByRole('row')[1]).toHaveTextContent(
        'Rp16.700',
      ),
    );
  });
});
