import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import type { UsdWalletBalance, UsOrderBody } from '../api/types';
import { orderView, position, usdBalance } from '../testing/fixtures';
import { UsStocksPortfolio } from './us-stock-positions';

function handlers(placed: { path: string; body: UsOrderBody }[], kyc: UsdWalletBalance['gssKycStatus'] = 'VERIFIED') {
  const place = (path: string) =>
    http.post(`*/api${path}`, async ({ request }) => {
      placed.push({ path, body: (await request.json()) as UsOrderBody });
      return HttpResponse.json({ data: orderView() });
    });
  return [
    http.get('*/api/v1/wallet/usd/balance', () => HttpResponse.json({ data: usdBalance(kyc) })),
    http.get('*/api/v1/us-stocks/positions', () =>
      HttpResponse.json({
        data: [
          position({ bucket: 'INTRADAY', leverage: 4, quantity: '0', marketValue: '0', marketValueIdr: '0' }),
          position({
            bucket: 'LEVERAGE',
            leverage: 2,
            quantity: '2',
            borrowed: '270.00',
            equityPercentage: '33.10',
            marginStatus: 'MARGIN_CALL',
            unrealizedPnl: '-150.00',
            unrealizedPnlPercentage: '-27.78',
          }),
          position(),
        ],
      }),
    ),
    http.post('*/api/v1/user/pin/verify-pin', () => HttpResponse.json({ data: { verifiedAtMs: Date.now() } })),
    place('/v1/us-stocks/sell'),
    place('/v1/us-stocks/leverage/sell'),
  ];
}

function renderSection() {
  return renderWithQuery(
    <MemoryRouter>
      <UsStocksPortfolio />
    </MemoryRouter>,
  );
}

describe('UsStocksPortfolio', { timeout: 20_000 }, () => {
  it('R6.03 shows the verification call to action to an account not verified for US stocks', async () => {
    logIn();
    server.use(...handlers([], 'UNVERIFIED'));
    renderSection();
    expect(await screen.findByRole('link', { name: 'Verifikasi sekarang' })).toBeInTheDocument();
  });

  it('R3.10 groups positions per bucket with cost in USD and IDR, dividends, loan and a highlighted margin call', async () => {
    logIn();
    server.use(...handlers([]));
    renderSection();
    const section = await screen.findByRole('region', { name: 'Saham AS' });
    const normal = await within(section).findByRole('region', { name: 'Posisi AAPL, Normal' });
    expect(normal).toHaveTextContent('1,5 lembar AAPL');
    expect(normal).toHaveTextContent('$255,42 · Rp4.214.430');
    expect(normal).toHaveTextContent('$405,00 · Rp6.682.500');
    expect(normal).toHaveTextContent('+$21,87 (5,71%)');
    expect(normal).toHaveTextContent('Dividen diterima$0,36');
    expect(normal).not.toHaveTextContent('Dipinjam');
    const leveraged = within(section).getByRole('region', { name: 'Posisi AAPL, Leverage 2x' });
    expect(leveraged).toHaveTextContent('Dipinjam$270,00');
    expect(leveraged).toHaveTextContent('Ekuitas33,10%');
    expect(within(leveraged).getByRole('alert')).toHaveTextContent(/^Margin call: ekuitas di bawah 35%/);
    // A position sold to zero is not listed (the call keeps it for its realised profit).
    expect(within(section).queryByRole('region', { name: 'Posisi AAPL, Intraday 4x' })).not.toBeInTheDocument();
    // Normal first, then 2x.
    const headings = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings.indexOf('Normal')).toBeLessThan(headings.indexOf('Leverage 2x'));
  });

  it('R2.14 closes a leveraged position: the whole bucket sold at market on the leverage endpoint', async () => {
    logIn();
    const placed: { path: string; body: UsOrderBody }[] = [];
    server.use(...handlers(placed));
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tutup posisi AAPL Leverage 2x' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tutup AAPL (Leverage 2x)' });
    expect(dialog).toHaveTextContent('2 lembar AAPL');
    await user.click(within(dialog).getByRole('button', { name: 'Tutup posisi' }));
    await user.type(await screen.findByLabelText('PIN'), '135792');
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toEqual({
      path: '/v1/us-stocks/leverage/sell',
      body: {
        stockId: 'AAPL',
        orderType: 'MARKET',
        quantity: '2',
        leverage: 2,
        timeInForce: 'GOOD_TILL_CANCEL',
        tradingHours: 'REGULAR_HOURS',
      },
    });
  });

  it('R2.14 closes whole shares with a limit that may fill in extended hours', async () => {
    logIn();
    const placed: { path: string; body: UsOrderBody }[] = [];
    server.use(...handlers(placed));
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tutup posisi AAPL Leverage 2x' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tutup AAPL (Leverage 2x)' });
    await user.click(within(dialog).getByRole('radio', { name: 'Order limit, boleh di jam perpanjangan' }));
    const price = within(dialog).getByRole('textbox', { name: 'Harga limit' });
    await user.clear(price);
    await user.type(price, '271,5');
    await user.click(within(dialog).getByRole('button', { name: 'Tutup posisi' }));
    await user.type(await screen.findByLabelText('PIN'), '135792');
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]!.body).toMatchObject({
      orderType: 'LIMIT',
      unitPrice: '271.5',
      quantity: '2',
      tradingHours: 'INCLUDE_EXTENDED_HOURS',
    });
  });
});
