import type { TFunction } from 'i18next';
import type { OrderReview } from '@/components/orders/order-review-form';
import type { FigureLine } from '@/components/ui/figures';
import { formatMoney, formatPrice, formatQuantity } from '@/lib/format';
import type { Locale } from '@/types';
import type { UsEstimate } from '../api/types';
import { fieldsFor, type UsDraft } from './order-form';

/** What the review shows and the PIN confirms: the entry and the server's estimate of it. */
export interface PricedOrder {
  draft: UsDraft;
  estimate: UsEstimate;
}

interface Context {
  stockId: string;
  locale: Locale;
  t: TFunction;
}

function formatters({ stockId, locale, t }: Context) {
  return {
    usd: (value: string | null | undefined, context: 'amount' | 'fee' | 'total' = 'amount') =>
      value ? formatMoney(value, 'USD', context, locale) : '–',
    idr: (value: string | null | undefined) => (value ? formatMoney(value, 'IDR', 'total', locale) : '–'),
    shares: (value: string | null | undefined) =>
      value ? t('usStocks.sharesOf', { quantity: formatQuantity(value, locale), stockId }) : '–',
  };
}

/** The server's estimate as figures: price, shares, value, fee, tax, own part and loan, totals in USD and IDR. */
export function estimateLines(e: UsEstimate, d: UsDraft, context: Context): FigureLine[] {
  const { t, locale } = context;
  const { usd, idr, shares } = formatters(context);
  return [
    { label: t('usStocks.est.price'), value: formatPrice(e.price, 'USD', locale) },
    { label: t('usStocks.est.quantity'), value: shares(e.quantity), strong: d.inputType === 'amount' },
    { label: t('usStocks.est.value'), value: usd(e.value) },
    { label: t('usStocks.est.fee'), value: usd(e.fee, 'fee') },
    { label: t('usStocks.est.tax'), value: usd(e.tax, 'fee') },
    ...(d.leverage > 1 && d.side === 'BUY'
      ? [
          { label: t('usStocks.est.ownPart'), value: usd(e.ownPart, 'total') },
          { label: t('usStocks.est.borrowed'), value: usd(e.borrowed) },
        ]
      : []),
    {
      label: t(d.side === 'BUY' ? 'usStocks.est.totalBuy' : 'usStocks.est.totalSell'),
      value: usd(e.total, d.side === 'BUY' ? 'total' : 'amount'),
      strong: true,
    },
    { label: t('usStocks.est.totalIdr'), value: idr(e.totalIdr) },
  ];
}

/** The review says in one sentence what is given and got, then the order's terms and the estimate (R2.13). */
export function describeUsOrder({ draft: d, estimate: e }: PricedOrder, context: Context): OrderReview {
  const { stockId, locale, t } = context;
  const { usd, idr } = formatters(context);
  const fields = fieldsFor(d);
  return {
    intro: t(d.side === 'BUY' ? 'usStocks.review.giveBuy' : 'usStocks.review.giveSell', {
      total: usd(e.total, d.side === 'BUY' ? 'total' : 'amount'),
      totalIdr: idr(e.totalIdr),
      quantity: formatQuantity(e.quantity, locale),
      stockId,
    }),
    lines: [
      { label: t('orderPanel.orderType'), value: t(`usStocks.kind.${d.orderType}`) },
      { label: t('usStocks.leverage.label'), value: t(`usStocks.leverage.${d.leverage}`) },
      ...(d.leverage === 4
        ? []
        : [
            { label: t('usStocks.timeInForce.label'), value: t(`usStocks.timeInForce.${d.timeInForce}`) },
            {
              label: t('usStocks.tradingHours.label'),
              value: t(`usStocks.tradingHours.${fields.extendedHours ? d.tradingHours : 'REGULAR_HOURS'}`),
            },
          ]),
      ...(d.takeProfit && (fields.bracket || fields.ocoPrices)
        ? [{ label: t('usStocks.takeProfit'), value: usd(d.takeProfit) }]
        : []),
      ...(d.stopLoss && (fields.bracket || fields.ocoPrices)
        ? [{ label: t('usStocks.stopLoss'), value: usd(d.stopLoss) }]
        : []),
      ...estimateLines(e, d, context),
    ],
    note: d.orderType === 'MARKET' ? t('usStocks.review.marketNote') : undefined,
  };
}
