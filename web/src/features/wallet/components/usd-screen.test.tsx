import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { renderApp } from '@/testing/render';
import { ZERO_USD_BALANCE } from '../api/get-usd-balance';
import { usdHandlers, yieldOffer } from '../testing/usd-fixtures';

describe('/balance/usd', { timeout: 20_000 }, () => {
  it('R3.10 shows the rate with its spread and the three buckets with their figures', async () => {
    logIn();
    server.use(...usdHandlers());
    renderApp('/balance/usd');
    expect(await screen.findByText(/Beli Rp16\.080 · Jual Rp15\.920 per USD \(selisih 0,50%\)/)).toBeInTheDocument();
    const paln = await screen.findByRole('region', { name: 'Tanpa leverage' });
    expect(await within(paln).findAllByText('$120,50')).toHaveLength(2); // usdCash, and buyingPower at 1x
    const leverage = screen.getByRole('region', { name: 'Leverage 2x' });
    expect(within(leverage).getByText('$20,00')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Intraday 4x' })).toBeInTheDocument();
  });

  it('R6.03 an unverified user sees zero balances, why, and cannot convert or opt in', async () => {
    logIn();
    server.use(...usdHandlers(ZERO_USD_BALANCE));
    renderApp('/balance/usd');
    expect(await screen.findByText(/belum terverifikasi untuk saham AS/)).toBeInTheDocument();
    const paln = screen.getByRole('region', { name: 'Tanpa leverage' });
    expect(within(paln).getAllByText('$0,00').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Tinjau' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Ikuti bunga USD' })).toBeDisabled();
    // R6.03 / R8.03: the way to the verification step is one tap away.
    expect(screen.getByRole('link', { name: 'Verifikasi sekarang' })).toHaveAttribute('href', '/account/verification');
    const intraday = screen.getByRole('region', { name: 'Dompet intraday (4x)' });
    expect(within(intraday).getByRole('button', { name: 'Hitung' })).toBeDisabled();
  });

  it('R8.09 a failed USD balance fetch shows zero and a retry, never a broken page', async () => {
    logIn();
    server.use(
      http.get('*/api/v1/wallet/usd/balance', () => apiError(404, 'not_found', 'nope')),
      ...usdHandlers(),
    );
    renderApp('/balance/usd');
    expect(await screen.findByText(/Saldo USD belum bisa dimuat, jadi ditampilkan nol/)).toBeInTheDocument();
    const paln = screen.getByRole('region', { name: 'Tanpa leverage' });
    expect(within(paln).getAllByText('$0,00').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeInTheDocument();
  });

  it('R3.10 converts rupiah to USD after the review and the PIN, then opts into USD yield', async () => {
    logIn();
    let converted: unknown = null;
    server.use(
      http.get('*/api/v1/wallet/usd/price/calculate', () =>
        HttpResponse.json({
          data: {
            direction: 'IDR_TO_USD',
            fromAmount: '160800.00',
            fromCurrency: 'IDR',
            toAmount: '10.00',
            toCurrency: 'USD',
            rate: '16080.00',
          },
        }),
      ),
      http.post('*/api/v1/wallet/usd/convert', async ({ request }) => {
        converted = await request.json();
        return HttpResponse.json({
          data: {
            id: 'c1',
            direction: 'IDR_TO_USD',
            idrAmount: '160800.00',
            usdAmount: '10.00',
            rate: '16080.00',
            createdAtMs: 1,
          },
        });
      }),
      http.post('*/api/v1/wallet/usd-yield/optin', () => HttpResponse.json({ data: yieldOffer(true) })),
      ...usdHandlers(),
    );
    const user = userEvent.setup();
    renderApp('/balance/usd');
    // The converter opens once the balance says the user is verified.
    await within(await screen.findByRole('region', { name: 'Tanpa leverage' })).findAllByText('$120,50');
    await user.type(await screen.findByLabelText('Nominal rupiah'), '160800');
    await user.click(screen.getByRole('button', { name: 'Tinjau' }));
    const review = await screen.findByRole('region', { name: 'Ringkasan penukaran' });
    expect(within(review).getByText('Rp160.800 menjadi $10,00 dengan kurs Rp16.080.')).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Konfirmasi dengan PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masukkan PIN' });
    await user.type(within(dialog).getByLabelText('PIN'), '135792');
    expect(await screen.findByText('Berhasil: Rp160.800 ↔ $10,00.')).toBeInTheDocument();
    expect(converted).toEqual({ direction: 'IDR_TO_USD', amount: '160800', pin: '135792' });

    expect(await screen.findByText('Bunga 3.50% per tahun dihitung setiap hari.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Ikuti bunga USD' }));
    expect(await screen.findByText(/Anda mengikuti bunga USD/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Berhenti dari bunga USD' })).toBeEnabled();
  });
});

describe('/balance/usd leverage wallet', { timeout: 20_000 }, () => {
  it('R3.10 deposits into the leverage wallet after the calculate call and the PIN', async () => {
    logIn();
    let sent: unknown = null;
    server.use(
      http.get('*/api/v1/wallet/leverage-wallet/calculate', ({ request }) => {
        const query = new URL(request.url).searchParams;
        expect([query.get('direction'), query.get('amount')]).toEqual(['DEPOSIT', '20']);
        return HttpResponse.json({
          data: { amount: '20.00', usdCashAfter: '30.00', buyingPowerAfter: '60.00', palnUsdCashAfter: '100.50' },
        });
      }),
      http.post('*/api/v1/wallet/leverage-wallet/deposit', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          data: { usdCash: '30.00', usdMargin: '0.00', buyingPower: '60.00', palnUsdCash: '100.50', leverage: 2 },
        });
      }),
      ...usdHandlers(),
    );
    const user = userEvent.setup();
    renderApp('/balance/usd');
    await within(await screen.findByRole('region', { name: 'Tanpa leverage' })).findAllByText('$120,50');
    const wallet = screen.getByRole('region', { name: 'Dompet leverage (2x)' });
    await user.type(within(wallet).getByLabelText('Nominal USD'), '20');
    await user.click(within(wallet).getByRole('button', { name: 'Hitung' }));
    const review = await screen.findByRole('region', { name: 'Ringkasan transfer leverage' });
    expect(review).toHaveTextContent('kas leverage $30,00, daya beli $60,00, USD tanpa leverage $100,50');
    await user.click(within(review).getByRole('button', { name: 'Konfirmasi dengan PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masukkan PIN' });
    await user.type(within(dialog).getByLabelText('PIN'), '135792');
    expect(await screen.findByText('Berhasil. Kas leverage sekarang $30,00.')).toBeInTheDocument();
    expect(sent).toEqual({ amount: '20', pin: '135792' });
  });
});

describe('/balance/usd intraday wallet', { timeout: 20_000 }, () => {
  it('R3.10 withdraws from the intraday wallet (4x) through its own calls, after the review and the PIN', async () => {
    logIn();
    let sent: unknown = null;
    server.use(
      http.get('*/api/v1/wallet/intraday-wallet/calculate', ({ request }) => {
        const query = new URL(request.url).searchParams;
        expect([query.get('direction'), query.get('amount')]).toEqual(['WITHDRAW', '5']);
        return HttpResponse.json({
          data: { amount: '5.00', usdCashAfter: '15.00', buyingPowerAfter: '60.00', palnUsdCashAfter: '125.50' },
        });
      }),
      http.post('*/api/v1/wallet/intraday-wallet/withdraw', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          data: { usdCash: '15.00', usdMargin: '0.00', buyingPower: '60.00', palnUsdCash: '125.50', leverage: 4 },
        });
      }),
      ...usdHandlers(),
    );
    const user = userEvent.setup();
    renderApp('/balance/usd');
    await within(await screen.findByRole('region', { name: 'Tanpa leverage' })).findAllByText('$120,50');
    const wallet = screen.getByRole('region', { name: 'Dompet intraday (4x)' });
    await user.click(within(wallet).getByRole('combobox', { name: 'Jenis transfer' }));
    await user.click(await screen.findByRole('option', { name: 'Tarik ke USD tanpa leverage' }));
    await user.type(within(wallet).getByLabelText('Nominal USD'), '5');
    await user.click(within(wallet).getByRole('button', { name: 'Hitung' }));
    const review = await screen.findByRole('region', { name: 'Ringkasan transfer intraday' });
    expect(review).toHaveTextContent('kas intraday $15,00, daya beli $60,00, USD tanpa leverage $125,50');
    await user.click(within(review).getByRole('button', { name: 'Konfirmasi dengan PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Masukkan PIN' });
    await user.type(within(dialog).getByLabelText('PIN'), '135792');
    expect(await screen.findByText('Berhasil. Kas intraday sekarang $15,00.')).toBeInTheDocument();
    expect(sent).toEqual({ amount: '5', pin: '135792' });
  });
});
