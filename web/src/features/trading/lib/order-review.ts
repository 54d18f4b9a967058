import { decimalOrZero, parseDecimal, positive, roundDown, roundHalfUp, toText } from '@/lib/decimal';
import { amountInputAllowed, trailingTrigger, type MarketPrices, type OrderDraft } from './order-form';
import type { EstimateInput } from '../api/get-estimate';
import type { EstimatedOrder } from '../api/types';

/**
 * The price an order is estimated at instead of the book: the limit for limit and stop-limit orders,
 * the trigger for a stop (market) order (the panel sizes it at the trigger too), a trailing stop's
 * first trigger; null for a market order, which the server walks the book for.
 */
export function estimatePrice(draft: OrderDraft, prices: MarketPrices): string | null {
  if (draft.orderType === 'LIMIT' || draft.orderType === 'STOP_LIMIT')
    return positive(draft.limitPrice) ? draft.limitPrice : null;
  if (draft.orderType === 'STOP') return positive(draft.stopPrice) ? draft.stopPrice : null;
  if (draft.orderType === 'TRAILING_STOP') return trailingTrigger(draft, prices);
  return null;
}

/** R2.13: the estimate call for what the panel holds: the amount of a buy by amount, else the quantity. */
export function estimateInputFor(symbol: string, draft: OrderDraft, prices: MarketPrices): EstimateInput {
  const byAmount = draft.inputType === 'amount' && amountInputAllowed(draft);
  return {
    symbol,
    side: draft.side,
    quantity: byAmount ? null : draft.quantity,
    amount: byAmount ? draft.amount : null,
    limitPrice: estimatePrice(draft, prices),
  };
}

/** What the review shows: what the user gives and gets, all from the server's estimate. */
export interface ReviewFigures {
  /** Coins bought or sold, cut to the asset's precision. */
  quantity: string;
  /** The price the order is estimated at: the given price, else the book's average for the quantity. */
  price: string;
  /** Value of the coins before fee and tax, rupiah. */
  value: string;
  /** Transaction fee, rupiah. */
  fee: string;
  /** Tax, rupiah. */
  tax: string;
  /** What a buy costs or a sell pays out, fee and tax included, rupiah. */
  total: string;
}

/**
 * R5.06: the estimate's figures for the review, or null when it cannot be priced (no coins or no
 * value: an empty book for a buy by amount, an amount below one step). Value, fee, tax and total are
 * the server's, so the review shows exactly what will be charged. `priceDecimals` are those of the
 * market's prices (the average price is rounded half up to them).
 */
export function reviewFigures(
  estimate: EstimatedOrder,
  options: { quantityPrecision: number; priceDecimals: number; pricedAt?: string | null },
): ReviewFigures | null {
  const quantity = parseDecimal(estimate.quantity);
  const value = parseDecimal(estimate.estimatedAmount);
  const total = parseDecimal(estimate.estimatedTotalAmount);
  if (!quantity || !value || !total) return null;
  const shownQuantity = roundDown(quantity, options.quantityPrecision);
  if (shownQuantity.lte(0) || value.lte(0)) return null;
  const fee = decimalOrZero(estimate.estimatedFee);
  const tax = decimalOrZero(estimate.estimatedTax);
  const price = positive(options.pricedAt)
    ? (options.pricedAt as string).trim()
    : toText(roundHalfUp(value.div(quantity), options.priceDecimals));
  return {
    quantity: toText(shownQuantity),
    price,
    value: toText(value),
    fee: toText(fee),
    tax: toText(tax),
    total: toText(total),
  };
}
