import { http, HttpResponse } from 'msw';
import type {
  StockDescription,
  UsEstimate,
  UsOrderBody,
  UsOrderView,
  UsPosition,
  UsdBucket,
  UsdWalletBalance,
} from '../api/types';

/** Fixtures and MSW handlers of the US-stock unit tests. */

const bucket = (leverage: number, usdCash: string): UsdBucket => ({
  leverage,
  usdCash,
  usdMargin: '0.00',
  idrCash: '0.00',
  buyingPower: (Number(usdCash) * leverage).toFixed(2),
  usdIdrPrice: '16500',
});

export function usdBalance(gssKycStatus: UsdWalletBalance['gssKycStatus'] = 'VERIFIED'): UsdWalletBalance {
  return { gssKycStatus, paln: bucket(1, '500.00'), leverage: bucket(2, '100.00'), intraday: bucket(4, '100.00') };
}

export const description: StockDescription = {
  stockId: 'AAPL',
  name: 'Apple Inc.',
  kind: 'STOCK',
  bid: '269.95',
  ask: '270.05',
  last: '270.00',
  fractional: true,
  postMarket: true,
  options: true,
  leverageOptions: [1, 2, 4],
  minOrderUsd: '1.00',
  priceBandPercentage: '10',
  feePercentage: '0.10',
  sellTaxPercentage: '0.00278',
  session: {
    phase: 'REGULAR',
    nextPhase: 'POST_MARKET',
    nextChangeAtMs: Date.UTC(2026, 10, 24, 21, 0),
    earlyClose: false,
    tradingDate: '2026-11-24',
    intradayCutoffAtMs: Date.UTC(2026, 10, 24, 20, 45),
  },
};

export function estimateOf(url: URL): UsEstimate {
  const leverage = Number(url.searchParams.get('leverage') ?? '1');
  const price = url.searchParams.get('unitPrice') ?? '270.05';
  const quantity = url.searchParams.get('quantity') ?? (Number(url.searchParams.get('amount')) / 270.05).toFixed(6);
  const value = Number(price) * Number(quantity);
  const fee = value * 0.001;
  const own = value / leverage;
  return {
    price,
    quantity,
    value: value.toFixed(2),
    fee: fee.toFixed(2),
    tax: '0.00',
    ownPart: own.toFixed(2),
    borrowed: (value - own).toFixed(2),
    total: (own + fee).toFixed(2),
    totalIdr: ((own + fee) * 16500).toFixed(0),
    buyingPower: '500.00',
    bucket: leverage === 4 ? 'INTRADAY' : leverage === 2 ? 'LEVERAGE' : 'PALN',
  };
}

export function orderView(patch: Partial<UsOrderView> = {}): UsOrderView {
  return {
    orderId: 'o1',
    stockId: 'AAPL',
    side: 'SELL',
    sideCode: -1,
    orderType: 'LIMIT',
    orderTypeCode: 1,
    bucket: 'PALN',
    leverage: 1,
    quantity: '1',
    unitPrice: '280.00',
    filledQuantity: '0',
    filledAmount: '0',
    fee: '0',
    tax: '0',
    isOpen: true,
    system: false,
    triggered: false,
    status: 'PENDING',
    statusWord: 'working',
    state: 6,
    exchangeState: 'ACCEPTED_FROM_EXCHANGE',
    timeInForce: 'GOOD_TILL_CANCEL',
    tradingHours: 'INCLUDE_EXTENDED_HOURS',
    createdAtMs: Date.UTC(2026, 10, 24, 15, 0),
    updatedAtMs: Date.UTC(2026, 10, 24, 15, 0),
    ...patch,
  };
}

export function position(patch: Partial<UsPosition> = {}): UsPosition {
  return {
    stockId: 'AAPL',
    bucket: 'PALN',
    leverage: 1,
    quantity: '1.5',
    averagePrice: '255.42',
    averagePriceIdr: '4214430',
    marketPrice: '270.00',
    marketValue: '405.00',
    marketValueIdr: '6682500',
    unrealizedPnl: '21.87',
    unrealizedPnlPercentage: '5.71',
    realizedPnl: '0',
    dividends: '0.36',
    borrowed: '0',
    equityPercentage: '100',
    marginStatus: 'NORMAL',
    ...patch,
  };
}

/** The calls of the order panel; placed orders are pushed with the path they went to. */
export function panelHandlers(
  placed: { path: string; body: UsOrderBody }[],
  kyc: UsdWalletBalance['gssKycStatus'] = 'VERIFIED',
) {
  const place = (path: string) =>
    http.post(`*/api${path}`, async ({ request }) => {
      const body = (await request.json()) as UsOrderBody;
      placed.push({ path, body });
      return HttpResponse.json({
        data: orderView({ side: path.endsWith('buy') ? 'BUY' : 'SELL', leverage: body.leverage ?? 1 }),
      });
    });
  return [
    http.get('*/api/v1/wallet/usd/balance', () => HttpResponse.json({ data: usdBalance(kyc) })),
    http.get('*/api/v1/us-stocks/order-types', ({ request }) => {
      const sell = new URL(request.url).searchParams.get('transactionType') === 'SELL';
      const types = ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', ...(sell ? ['TRAILING_STOP', 'OCO'] : [])];
      return HttpResponse.json({
        data: types.map((orderType) => ({
          orderType,
          availableNow: true,
          byAmount: orderType === 'MARKET' && !sell,
          fractional: orderType === 'MARKET' || orderType === 'LIMIT',
          timeInForce: ['GOOD_TILL_CANCEL', 'GOOD_TILL_MARKET_CLOSE'],
          tradingHours: orderType === 'LIMIT' ? ['REGULAR_HOURS', 'INCLUDE_EXTENDED_HOURS'] : ['REGULAR_HOURS'],
        })),
      });
    }),
    http.get('*/api/v1/us-stocks/positions', () => HttpResponse.json({ data: [position()] })),
    http.get('*/api/v1/us-stocks/estimate', ({ request }) =>
      HttpResponse.json({ data: estimateOf(new URL(request.url)) }),
    ),
    http.post('*/api/v1/user/pin/verify-pin', () => HttpResponse.json({ data: { verifiedAtMs: Date.now() } })),
    place('/v1/us-stocks/buy'),
    place('/v1/us-stocks/sell'),
    place('/v1/us-stocks/leverage/buy'),
    place('/v1/us-stocks/leverage/sell'),
  ];
}
