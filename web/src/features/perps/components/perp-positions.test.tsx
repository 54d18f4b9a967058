import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import type { ProtectionBody } from '../api/types';
import { position, positions } from '../testing/fixtures';
import { PerpPositions } from './perp-positions';

interface Calls {
  closed: string[];
  protection: ProtectionBody[];
}

function handlers(
  calls: Calls,
  list = [
    position(),
    position({
      symbol: 'ETHUSDT-PERP',
      side: 'SHORT',
      size: '0.5',
      entryPrice: '3000.00',
      markPrice: '3100.00',
      notional: '1550.00',
      unrealisedPnl: '-50.00',
      roePercentage: '-33.3333',
      leverage: 5,
      marginStatus: 'MARGIN_CALL',
      liquidationPrice: null,
    }),
  ],
) {
  return [
    http.get('*/api/v1/perps/positions', () => HttpResponse.json({ data: positions(list) })),
    http.get('*/api/v1/perps/positions/close-estimate', ({ request }) =>
      HttpResponse.json({
        data: {
          symbol: new URL(request.url).searchParams.get('symbol'),
          quantity: '0.002',
          side: 'SELL',
          price: '90999.9',
          realisedPnl: '2.00',
          fee: '0.09',
        },
      }),
    ),
    http.post('*/api/v1/perps/positions/close', async ({ request }) => {
      calls.closed.push(((await request.json()) as { symbol: string }).symbol);
      return HttpResponse.json({ data: { id: 'o1' } });
    }),
    http.put('*/api/v1/perps/positions/protection', async ({ request }) => {
      const body = (await request.json()) as ProtectionBody;
      calls.protection.push(body);
      return HttpResponse.json({ data: position({ takeProfit: body.takeProfit, stopLoss: body.stopLoss }) });
    }),
    http.post('*/api/v1/user/pin/verify-pin', () => HttpResponse.json({ data: { verifiedAtMs: Date.now() } })),
  ];
}

function renderPositions(symbol = 'ETHUSDT-PERP') {
  return renderWithQuery(
    <MemoryRouter>
      <PerpPositions symbol={symbol} />
    </MemoryRouter>,
  );
}

describe('PerpPositions', { timeout: 20_000 }, () => {
  it('shows size, entry, mark, liquidation price, margin, and the unrealised P&L with ROE in its colour; this contract first', async () => {
    logIn();
    server.use(...handlers({ closed: [], protection: [] }));
    renderPositions();
    const long = await screen.findByRole('region', { name: 'Posisi BTCUSDT-PERP' });
    expect(long).toHaveTextContent('Long 10x');
    expect(long).toHaveTextContent('Ukuran0,002');
    expect(long).toHaveTextContent('Harga masuk₮90.000,0');
    expect(long).toHaveTextContent('Harga mark₮91.000,0');
    expect(long).toHaveTextContent('Harga likuidasi₮81.450,5');
    expect(long).toHaveTextContent('Margin₮18,00');
    expect(within(long).getByText('+₮2,00 (+11,1111%)')).toBeInTheDocument();
    const short = screen.getByRole('region', { name: 'Posisi ETHUSDT-PERP' });
    expect(short).toHaveTextContent('Short 5x');
    expect(short).toHaveTextContent('Harga likuidasi–');
    expect(within(short).getByText('-₮50,00 (-33,3333%)')).toBeInTheDocument();
    expect(within(short).getByRole('alert')).toHaveTextContent(/^Rasio margin Anda 80% atau lebih/);
    // The trade page's contract comes first.
    const names = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(['ETHUSDT-PERP', 'BTCUSDT-PERP']);
  });

  it('profit is green and loss red', async () => {
    logIn();
    server.use(...handlers({ closed: [], protection: [] }));
    renderPositions();
    const gain = await screen.findByText('+₮2,00 (+11,1111%)');
    const loss = screen.getByText('-₮50,00 (-33,3333%)');
    expect(getComputedStyle(gain).color).not.toBe(getComputedStyle(loss).color);
    expect(getComputedStyle(gain).color).not.toBe('');
  });

  it('closes a position after its estimate and the PIN', async () => {
    logIn();
    const calls: Calls = { closed: [], protection: [] };
    server.use(...handlers(calls));
    renderPositions();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tutup posisi BTCUSDT-PERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tutup BTCUSDT-PERP' });
    await within(dialog).findByText('₮90.999,9');
    expect(dialog).toHaveTextContent('P&L terealisasi (est.)+₮2,00');
    expect(dialog).toHaveTextContent('Biaya₮0,09');
    await user.click(within(dialog).getByRole('button', { name: 'Tutup di harga pasar' }));
    await user.type(await screen.findByLabelText('PIN'), '135792');
    await waitFor(() => expect(calls.closed).toEqual(['BTCUSDT-PERP']));
  });

  it('sets a long take-profit above the mark and a stop-loss below it, and refuses them the wrong way round', async () => {
    logIn();
    const calls: Calls = { closed: [], protection: [] };
    server.use(...handlers(calls, [position()]));
    renderPositions('BTCUSDT-PERP');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Take-profit dan stop-loss BTCUSDT-PERP' }));
    const dialog = await screen.findByRole('dialog', { name: 'TP/SL BTCUSDT-PERP' });
    const save = within(dialog).getByRole('button', { name: 'Simpan TP/SL' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Take-profit (mark)' }), '90000');
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Take-profit (mark)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Take-profit (mark)' }), '95000,5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Stop-loss (mark)' }), '88000');
    expect(save).toBeEnabled();
    await user.click(save);
    await user.type(await screen.findByLabelText('PIN'), '135792');
    await waitFor(() => expect(calls.protection).toHaveLength(1));
    expect(calls.protection[0]).toEqual({ symbol: 'BTCUSDT-PERP', takeProfit: '95000.5', stopLoss: '88000' });
  });

  it('says when there is no position', async () => {
    logIn();
    server.use(...handlers({ closed: [], protection: [] }, []));
    renderPositions();
    expect(await screen.findByText('Belum ada posisi futures terbuka.')).toBeInTheDocument();
  });
});
