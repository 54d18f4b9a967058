import type { TFunction } from 'i18next';
import type { OrderReview } from '@/components/orders/order-review-form';
import type { FigureLine } from '@/components/ui/figures';
import { formatMoney, formatPrice, formatQuantity } from '@/lib/format';
import type { Locale } from '@/types';
import type { PerpEstimate } from '../api/types';
import { fieldsFor, protectionOf, type PerpDraft } from './order-form';

/** What the review shows and the PIN confirms: the entry and the server's estimate of it. */
export interface PricedPerpOrder {
  draft: PerpDraft;
  estimate: PerpEstimate;
}

interface Context {
  symbol: string;
  locale: Locale;
  t: TFunction;
}

/** The server's estimate as figures: price, value, margin, fee, what is held, the liquidation price. */
export function estimateLines(e: PerpEstimate, { locale, t }: Context): FigureLine[] {
  const usdt = (value: string, context: 'amount' | 'fee' | 'total' = 'amount') =>
    formatMoney(value, 'USDT', context, locale);
  return [
    { label: t('perps.est.price'), value: formatPrice(e.price, 'USDT', locale) },
    { label: t('perps.est.notional'), value: usdt(e.notional) },
    { label: t('perps.est.margin', { leverage: e.leverage }), value: usdt(e.initialMargin, 'total') },
    { label: t('perps.est.fee'), value: usdt(e.fee, 'fee') },
    { label: t('perps.est.cost'), value: usdt(e.cost, 'total'), strong: true },
    { label: t('perps.est.available'), value: formatMoney(e.availableMargin, 'USDT', 'balance', locale) },
    {
      label: t('perps.est.liquidation'),
      value: e.liquidationPrice ? formatPrice(e.liquidationPrice, 'USDT', locale) : '–',
    },
  ];
}

/** The review says in one sentence what opens (or closes), then the order's terms and the estimate. */
export function describePerpOrder({ draft: d, estimate: e }: PricedPerpOrder, context: Context): OrderReview {
  const { symbol, locale, t } = context;
  const fields = fieldsFor(d.orderType);
  const { takeProfit, stopLoss } = protectionOf(d);
  return {
    intro: t(d.side === 'BUY' ? 'perps.review.long' : 'perps.review.short', {
      quantity: formatQuantity(e.quantity, locale),
      symbol,
      leverage: e.leverage,
      cost: formatMoney(e.cost, 'USDT', 'total', locale),
    }),
    lines: [
      { label: t('orderPanel.orderType'), value: t(`perps.kind.${d.orderType}`) },
      ...(fields.stopPrice ? [{ label: t('perps.stopPrice'), value: formatPrice(d.stopPrice, 'USDT', locale) }] : []),
      ...(fields.price ? [{ label: t('perps.price'), value: formatPrice(d.price, 'USDT', locale) }] : []),
      ...(d.reduceOnly ? [{ label: t('perps.reduceOnly'), value: t('perps.yes') }] : []),
      ...(takeProfit
        ? [{ label: t('perps.protection.takeProfit'), value: formatPrice(takeProfit, 'USDT', locale) }]
        : []),
      ...(stopLoss ? [{ label: t('perps.protection.stopLoss'), value: formatPrice(stopLoss, 'USDT', locale) }] : []),
      ...estimateLines(e, context),
    ],
    note: d.orderType === 'MARKET' ? t('orderPanel.marketNote') : t('perps.review.restingNote'),
  };
}
