import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderWithQuery } from '@/testing/render';
import type { AmendBody, AmendRequestView } from '../api/types';
import { orderView } from '../testing/fixtures';
import { UsAmendDialog } from './us-amend-dialog';

const request = (status: AmendRequestView['status'], patch: Partial<AmendRequestView> = {}): AmendRequestView => ({
  id: 'a1',
  orderId: 'o1',
  status,
  exchangeState: status === 'pending' ? 'SENT_TO_EXCHANGE' : 'SUCCESS',
  unitPrice: '285.00',
  createdAtMs: 1,
  updatedAtMs: 2,
  ...patch,
});

/** PATCH answers `pending`; the order call answers `pending` for the first `pendingReads` reads, then `final`. */
function amendHandlers(bodies: AmendBody[], final: AmendRequestView, pendingReads = 1) {
  let reads = 0;
  return [
    http.post('*/api/v1/user/pin/verify-pin', () => HttpResponse.json({ data: { verifiedAtMs: Date.now() } })),
    http.patch('*/api/v1/us-stocks/transaction/o1/amend', async ({ request: req }) => {
      bodies.push((await req.json()) as AmendBody);
      return HttpResponse.json({ data: { amendRequest: request('pending') } });
    }),
    http.get('*/api/v1/us-stocks/transaction/o1', () => {
      reads += 1;
      const amendRequest = reads <= pendingReads ? request('pending') : final;
      return HttpResponse.json({ data: orderView({ exchangeState: 'AMEND_REQUESTED', amendRequest }) });
    }),
  ];
}

async function sendNewPrice(price: string) {
  const user = userEvent.setup();
  const field = await screen.findByRole('textbox', { name: 'Harga limit' });
  expect(field).toHaveValue('280,00');
  // Quantity unchanged and no stop price on a limit order: nothing to send yet.
  expect(screen.queryByRole('textbox', { name: 'Harga stop' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Kirim permintaan ubah' })).toBeDisabled();
  await user.clear(field);
  await user.type(field, price);
  await user.click(screen.getByRole('button', { name: 'Kirim permintaan ubah' }));
  await user.type(await screen.findByLabelText('PIN'), '135792');
}

describe('UsAmendDialog', { timeout: 20_000 }, () => {
  it('R2.14 R4.04 R7.13 sends only what changed, shows the request pending, then accepted', async () => {
    logIn();
    const bodies: AmendBody[] = [];
    server.use(...amendHandlers(bodies, request('accepted')));
    renderWithQuery(<UsAmendDialog order={orderView()} onClose={() => undefined} />);
    await sendNewPrice('285');
    await waitFor(() => expect(bodies).toEqual([{ stockId: 'AAPL', unitPrice: '285' }]));
    const status = await screen.findByRole('dialog', { name: 'Permintaan ubah' });
    expect(status).toHaveTextContent('Tertunda: menunggu jawaban bursa…');
    expect(await screen.findByText('Perubahan diterima')).toBeInTheDocument();
    expect(status).not.toHaveTextContent('Tertunda');
  });

  it('R4.04 a rejected request says why, in the user language', async () => {
    logIn();
    server.use(...amendHandlers([], request('rejected', { reason: 'PRICE_OFF_TICK' })));
    renderWithQuery(<UsAmendDialog order={orderView()} onClose={() => undefined} />);
    await sendNewPrice('285,005');
    expect(await screen.findByText('Perubahan ditolak')).toBeInTheDocument();
    expect(screen.getByText('Harga tidak sesuai kelipatan tick ($0,01 mulai $1).')).toBeInTheDocument();
  });
});
