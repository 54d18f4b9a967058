import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUserLiveClient } from '@/lib/live/user-live';
import { logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import type { OrderView } from '../api/types';
import { OrderList } from './order-list';

afterEach(() => closeUserLiveClient());

function order(patch: Partial<OrderView>): OrderView {
  return {
    orderId: 'o1',
    symbol: 'BTC-IDR',
    side: 'SELL',
    sideCode: -1,
    orderType: 'LIMIT',
    orderTypeCode: 1,
    quantity: '0.001',
    filledQuantity: '0',
    filledAmount: '0',
    fee: '0',
    tax: '0',
    voucherPaid: '0',
    fillMode: 'FILL_BY_QUANTITY',
    isOpen: true,
    triggered: false,
    state: 1,
    status: 'PENDING',
    statusWord: 'placed',
    createdAtMs: Date.UTC(2026, 10, 24, 8, 0),
    updatedAtMs: Date.UTC(2026, 10, 24, 8, 0),
    ...patch,
  };
}

describe('OrderList', () => {
  it('R4.10 R7.05 an open trailing stop shows its distance and current trigger, with cancel but no amend', async () => {
    logIn();
    const cancelled: string[] = [];
    server.use(
      http.get('*/api/v1/trade-web/crypto/transactions/open', () =>
        HttpResponse.json({
          data: [
            order({
              orderId: 't1',
              orderType: 'STOP',
              orderSubType: 'TRAILING_STOP',
              stopPrice: '949050000',
              trailPercent: '5',
            }),
            order({ orderId: 'l1', limitPrice: '1200000000' }),
          ],
          page: 1,
          size: 30,
          total: 2,
        }),
      ),
      http.post('*/api/v1/crypto/cancel', async ({ request }) => {
        cancelled.push(((await request.json()) as { orderId: string }).orderId);
        return HttpResponse.json({ data: order({ orderId: 't1', isOpen: false, status: 'CANCELLED' }) });
      }),
    );
    renderWithQuery(<OrderList kind="open" />);
    const table = await screen.findByRole('table', { name: 'Order terbuka' });
    const trailing = await within(table).findByRole('row', { name: /Trailing stop/ });
    expect(trailing).toHaveTextContent('Jual Trailing stop · 5%');
    expect(trailing).toHaveTextContent('Rp949.050.000');
    expect(within(trailing).queryByRole('button', { name: 'Ubah order t1' })).not.toBeInTheDocument();
    // A limit order keeps its amend.
    expect(within(table).getByRole('button', { name: 'Ubah order l1' })).toBeInTheDocument();

    await userEvent.click(within(trailing).getByRole('button', { name: 'Batalkan order t1' }));
    await waitFor(() => expect(cancelled).toEqual(['t1']));
  });

  it('R4.10 a trailing stop by rupiah shows the distance in rupiah', async () => {
    logIn();
    server.use(
      http.get('*/api/v1/trade-web/crypto/transactions/closed', () =>
        HttpResponse.json({
          data: [
            order({
              orderType: 'STOP',
              orderSubType: 'TRAILING_STOP',
              stopPrice: '998000000',
              trailAmount: '1000000',
              isOpen: false,
              status: 'SUCCESS',
              statusWord: 'executed',
              filledQuantity: '0.001',
            }),
          ],
          page: 1,
          size: 30,
          total: 1,
        }),
      ),
    );
    renderWithQuery(<OrderList kind="closed" />);
    const row = await screen.findByRole('row', { name: /Trailing stop/ });
    expect(row).toHaveTextContent('Trailing stop · Rp1.000.000');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});
