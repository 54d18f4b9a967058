import { http, HttpResponse } from 'msw';
import { meHandler, tagsHandler } from '@/testing/auth';
import type { UsdWalletBalance, UsdYieldOnboarding } from '../api/usd-types';

/** USD wallet fixtures and MSW handlers for unit tests (the header's IDR balance included). */
const bucket = (usdCash: string, leverage: number) => ({
  usdCash,
  usdMargin: '0.00',
  idrCash: '1500000.00',
  buyingPower: String(Number(usdCash) * leverage),
  usdIdrPrice: '16080.00',
  leverage,
});

export const verifiedBalance: UsdWalletBalance = {
  gssKycStatus: 'VERIFIED',
  paln: bucket('120.50', 1),
  leverage: bucket('10.00', 2),
  intraday: bucket('0.00', 4),
};

export const yieldOffer = (optedIn: boolean, eligible = true): UsdYieldOnboarding => ({
  annualRatePercentage: '3.50',
  gssKycStatus: eligible ? 'VERIFIED' : 'UNVERIFIED',
  eligible,
  optedIn,
  optedInAtMs: optedIn ? 1_700_000_000_000 : null,
  totalInterest: '0.00',
  howItAccrues: 'Bunga 3.50% per tahun dihitung setiap hari.',
  terms: ['Hanya untuk akun yang terverifikasi untuk saham AS.'],
});

export function usdHandlers(balance: UsdWalletBalance = verifiedBalance) {
  return [
    meHandler,
    tagsHandler,
    http.get('*/api/v1/wallet/usd/price/current', () =>
      HttpResponse.json({
        data: { midPrice: '16000.00', buyPrice: '16080.00', sellPrice: '15920.00', spreadPercentage: '0.50', atMs: 1 },
      }),
    ),
    http.get('*/api/v1/wallet/balance', () =>
      HttpResponse.json({
        data: {
          freeBalance: '1500000.00',
          cashBalance: '0.00',
          voucherBalance: '0.00',
          totalBalance: '1500000.00',
          currency: 'IDR',
        },
      }),
    ),
    http.get('*/api/v1/wallet/usd/balance', () => HttpResponse.json({ data: balance })),
    http.get('*/api/v1/wallet/usd-yield/onboarding', () =>
      HttpResponse.json({ data: yieldOffer(false, balance.gssKycStatus === 'VERIFIED') }),
    ),
  ];
}
