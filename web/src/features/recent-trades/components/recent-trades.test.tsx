import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLiveClient } from '@/lib/live/live-client';
import { installTestSockets, type TestSocket } from '@/testing/test-socket';
import { renderWithQuery } from '@/testing/render';
import { RecentTrades } from './recent-trades';

let sockets: TestSocket[] = [];

beforeEach(() => {
  sockets = installTestSockets();
});

afterEach(() => setLiveClient(null));

function print(time: number, price: string, side: 'BUY' | 'SELL', symbol = 'BTC-IDR') {
  return { type: 'trade', channel: `trades:${symbol}`, data: { symbol, price, quantity: '0.0125', side, time } };
}

describe('RecentTrades', () => {
  it('subscribes to trades:SYMBOL and lists live prints newest first, coloured by side', () => {
    renderWithQuery(<RecentTrades symbol="BTC-IDR" currency="IDR" />);
    const socket = sockets[0]!;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.({});
    });
    expect(socket.sent.map((s) => JSON.parse(s) as unknown)).toContainEqual({
      op: 'subscribe',
      channels: ['trades:BTC-IDR'],
    });
    const table = screen.getByRole('table', { name: 'Transaksi terkini BTC-IDR' });
    expect(table).toHaveTextContent('Menunggu transaksi berikutnya…');
    act(() => {
      socket.onmessage?.({ data: JSON.stringify(print(1_000, '1500000000', 'BUY')) });
      socket.onmessage?.({ data: JSON.stringify(print(2_000, '1499000000', 'SELL')) });
      // Another symbol's print and a malformed one are ignored.
      socket.onmessage?.({ data: JSON.stringify({ ...print(3_000, '1', 'BUY'), data: { symbol: 'BTC-IDR' } }) });
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByLabelText('Jual Rp1.499.000.000')).toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText('Beli Rp1.500.000.000')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('0,0125');
  });
});
