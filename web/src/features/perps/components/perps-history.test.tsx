import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import type { PerpFill } from '../api/types';
import { PerpsHistory } from './perps-history';

function fill(overrides: Partial<PerpFill>): PerpFill {
  return {
    id: 'f1',
    orderId: 'o1',
    symbol: 'BTCUSDT-PERP',
    side: 'SELL',
    quantity: '0.005',
    price: '60000.0',
    fee: '0.06',
    realisedPnl: '0.00',
    maker: false,
    createdAt: 1_764_000_000_000,
    ...overrides,
  };
}

describe('PerpsHistory', () => {
  it('says which fills were the maker: another user met a resting order (issue 13)', async () => {
    logIn();
    server.use(
      http.get('*/api/v1/perps/history/fills', () =>
        HttpResponse.json({ data: [fill({ id: 'f1', maker: true }), fill({ id: 'f2', side: 'BUY', maker: false })] }),
      ),
    );
    renderWithQuery(<PerpsHistory />);
    const table = await screen.findByRole('table', { name: 'P&L terealisasi' });
    expect(within(table).getByRole('columnheader', { name: 'Peran' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Maker')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Taker')).toBeInTheDocument();
  });
});
