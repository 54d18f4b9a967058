import { http, HttpResponse } from 'msw';
import { meHandler, tagsHandler } from '@/testing/auth';
import type { Topup, TopupMethod, WalletBalance, WalletTransaction } from '../api/types';

/** Wallet fixtures and MSW handlers for unit tests. */
export const balanceFixture: WalletBalance = {
  freeBalance: '1500000.00',
  cashBalance: '250000.00',
  voucherBalance: '50000.00',
  totalBalance: '1800000.00',
  currency: 'IDR',
};

export const methodsFixture: TopupMethod[] = [
  { paymentChannel: 'BCA_VA', name: 'BCA Virtual Account', kind: 'VIRTUAL_ACCOUNT' },
  { paymentChannel: 'MANDIRI_VA', name: 'Mandiri Virtual Account', kind: 'VIRTUAL_ACCOUNT' },
  { paymentChannel: 'GOPAY', name: 'GoPay', kind: 'EWALLET' },
  { paymentChannel: 'QRIS', name: 'QRIS', kind: 'QRIS' },
];

export const inputVariables: Record<string, object> = {
  BCA_VA: {
    paymentChannel: 'BCA_VA',
    minimumAmount: '10000.00',
    maximumAmount: '500000000.00',
    feeFlat: '4000.00',
    feePercentage: '0.00',
    expiryMinutes: 1440,
  },
  GOPAY: {
    paymentChannel: 'GOPAY',
    minimumAmount: '10000.00',
    maximumAmount: '20000000.00',
    feeFlat: '0.00',
    feePercentage: '1.50',
    expiryMinutes: 15,
  },
  QRIS: {
    paymentChannel: 'QRIS',
    minimumAmount: '10000.00',
    maximumAmount: '10000000.00',
    feeFlat: '0.00',
    feePercentage: '0.70',
    expiryMinutes: 15,
  },
};

export function topupFixture(overrides: Partial<Topup> = {}): Topup {
  return {
    id: 'tp-1',
    paymentChannel: 'BCA_VA',
    amount: '150000.00',
    fee: '4000.00',
    total: '154000.00',
    status: 'PENDING',
    instructions: { gatewayRef: 'SBX-ref1', vaNumber: '8808123456789012', qrPayload: null, deeplink: null },
    createdAtMs: 1_700_000_000_000,
    expiresAtMs: 1_700_086_400_000,
    paidAtMs: null,
    ...overrides,
  };
}

export function transactionFixture(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: 'tp-1',
    kind: 'TOPUP',
    wallet: 'CASH',
    asset: 'IDR',
    paymentChannel: 'BCA_VA',
    amount: '150000.00',
    status: 'PAID',
    createdAtMs: 1_700_000_000_000,
    ...overrides,
  };
}

/** The calls every wallet page makes besides its own: the user, tags, balance, top-up methods, history. */
export function walletHandlers(options: { balance?: WalletBalance; history?: WalletTransaction[] } = {}) {
  const history = options.history ?? [];
  return [
    meHandler,
    tagsHandler,
    http.get('*/api/v1/wallet/balance', () => HttpResponse.json({ data: options.balance ?? balanceFixture })),
    http.get('*/api/v1/wallet/topup-methods', () => HttpResponse.json({ data: methodsFixture })),
    http.get('*/api/v1/wallet/input-variables', ({ request }) => {
      const channel = new URL(request.url).searchParams.get('paymentChannel') ?? '';
      return HttpResponse.json({ data: inputVariables[channel] });
    }),
    http.get('*/api/v1/wallet/gopay-limit', () => HttpResponse.json({ data: { limit: '20000000.00' } })),
    http.get('*/api/v1/wallet/transaction-history/filters', () =>
      HttpResponse.json({
        data: {
          kinds: [
            { code: 'TOPUP', name: 'Top up' },
            { code: 'CASHOUT', name: 'Tarik saldo' },
            { code: 'VOUCHER', name: 'Voucher' },
          ],
          wallets: [
            { code: 'CASH', name: 'Kas' },
            { code: 'VOUCHER', name: 'Voucher' },
          ],
          assets: [{ code: 'IDR', name: 'Rupiah' }],
        },
      }),
    ),
    http.get('*/api/v1/wallet/transaction-history', () =>
      HttpResponse.json({ data: history, page: 1, size: 20, total: history.length }),
    ),
  ];
}
