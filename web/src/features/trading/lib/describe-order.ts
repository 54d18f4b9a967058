import type { TFunction } from 'i18next';
import type { OrderReview } from '@/components/orders/order-review-form';
import { formatMoney, formatPrice, formatQuantity, localizeDecimalText } from '@/lib/format';
import { formatTrail, trailBody } from '@/lib/orders/trail';
import type { Locale } from '@/types';
import type { SliderInput } from '../api/types';
import { amountInputAllowed, type OrderDraft } from './order-form';
import type { ReviewFigures } from './order-review';

/** What the review shows and the PIN confirms: the entry and the server's estimate of it. */
export interface PricedOrder {
  draft: OrderDraft;
  figures: ReviewFigures;
  fees: Pick<SliderInput, 'transactionFeePercentage' | 'taxationFeePercentage'>;
}

interface Context {
  symbol: string;
  baseAsset: string;
  locale: Locale;
  t: TFunction;
}

/** What the crypto review says: every figure of the order once more, from the server's estimate (R2.13). */
export function describeOrder(
  { draft: reviewed, figures, fees }: PricedOrder,
  { symbol, baseAsset, locale, t }: Context,
): OrderReview {
  const money = (value: string | null) => (value ? formatMoney(value, 'IDR', 'amount', locale) : '–');
  const coins = (value: string | null) => (value ? `${formatQuantity(value, locale)} ${baseAsset}` : '–');
  return {
    lines: [
      { label: t('orderPanel.pair'), value: symbol },
      { label: t('orderPanel.orderType'), value: t(`orderPanel.kind.${reviewed.orderType}`) },
      ...(reviewed.stopPrice && (reviewed.orderType === 'STOP' || reviewed.orderType === 'STOP_LIMIT')
        ? [{ label: t('orderPanel.stopPrice'), value: money(reviewed.stopPrice) }]
        : []),
      ...(reviewed.limitPrice && (reviewed.orderType === 'LIMIT' || reviewed.orderType === 'STOP_LIMIT')
        ? [{ label: t('orderPanel.limitPrice'), value: money(reviewed.limitPrice) }]
        : []),
      ...(reviewed.orderType === 'TRAILING_STOP'
        ? [
            {
              label: t('orderPanel.trail'),
              value: formatTrail(trailBody(reviewed.trailBy, reviewed.trail), 'IDR', locale),
            },
          ]
        : []),
      ...(reviewed.inputType === 'amount' && amountInputAllowed(reviewed)
        ? [
            { label: t('orderPanel.amount'), value: money(reviewed.amount) },
            {
              label: t('orderPanel.review.quantityGet', { asset: baseAsset }),
              value: coins(figures.quantity),
              strong: true,
            },
          ]
        : [{ label: t('orderPanel.quantity'), value: coins(figures.quantity) }]),
      {
        // A trailing stop is priced at where it starts; the server sets the trigger from the bid.
        label: t(reviewed.orderType === 'TRAILING_STOP' ? 'orderPanel.review.firstTrigger' : 'orderPanel.review.price'),
        value: formatPrice(figures.price, 'IDR', locale),
      },
      { label: t('orderPanel.value'), value: money(figures.value) },
      {
        label: t('orderPanel.review.fee', { percent: localizeDecimalText(fees.transactionFeePercentage, locale) }),
        value: formatMoney(figures.fee, 'IDR', 'fee', locale),
      },
      {
        label: t('orderPanel.review.tax', { percent: localizeDecimalText(fees.taxationFeePercentage, locale) }),
        value: formatMoney(figures.tax, 'IDR', 'fee', locale),
      },
      // What is paid is never shown smaller (total); what a sell brings never larger (amount).
      reviewed.side === 'BUY'
        ? {
            label: t('orderPanel.review.totalBuy'),
            value: formatMoney(figures.total, 'IDR', 'total', locale),
            strong: true,
          }
        : {
            label: t('orderPanel.totalSell'),
            value: formatMoney(figures.total, 'IDR', 'amount', locale),
            strong: true,
          },
    ],
    note:
      reviewed.orderType === 'MARKET'
        ? t('orderPanel.marketNote')
        : reviewed.orderType === 'TRAILING_STOP'
          ? t('orderPanel.trailingNote')
          : undefined,
  };
}
