import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import type { UsOrderBody } from '../api/types';
import { orderView, position } from '../testing/fixtures';
import { UsOcoDialog } from './us-oco-dialog';

describe('UsOcoDialog', { timeout: 20_000 }, () => {
  it('R2.14 R4.16 R5.12 a 4x OCO sell: whole shares, take-profit above stop-loss, good till market close', async () => {
    logIn();
    const placed: { path: string; body: UsOrderBody }[] = [];
    server.use(
      http.post('*/api/v1/user/pin/verify-pin', () => HttpResponse.json({ data: { verifiedAtMs: Date.now() } })),
      http.post('*/api/v1/us-stocks/leverage/sell', async ({ request }) => {
        placed.push({ path: '/v1/us-stocks/leverage/sell', body: (await request.json()) as UsOrderBody });
        return HttpResponse.json({ data: orderView({ orderSubType: 'TAKE_PROFIT' }) });
      }),
    );
    renderWithQuery(
      <UsOcoDialog
        position={position({ bucket: 'INTRADAY', leverage: 4, quantity: '3.5' })}
        onClose={() => undefined}
      />,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Jumlah' })).toHaveValue('3');
    await user.type(screen.getByRole('textbox', { name: 'Harga take-profit' }), '260');
    await user.type(screen.getByRole('textbox', { name: 'Harga stop-loss' }), '265');
    expect(screen.getByText('Take-profit harus di atas stop-loss.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pasang OCO' })).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Harga stop-loss' }));
    await user.type(screen.getByRole('textbox', { name: 'Harga stop-loss' }), '250');
    // R5.12: amount = quantity × take-profit, rounded down to cents.
    expect(screen.getByText('Pada take-profit Anda akan menerima sekitar $780,00 sebelum biaya.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pasang OCO' }));
    await user.type(await screen.findByLabelText('PIN'), '135792');
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]!.body).toEqual({
      stockId: 'AAPL',
      orderType: 'OCO',
      quantity: '3',
      takeProfit: '260',
      stopLoss: '250',
      leverage: 4,
      isIntradayLeverage: true,
      timeInForce: 'GOOD_TILL_MARKET_CLOSE',
    });
  });
});
