import { decimalsOf, positive } from '@/lib/decimal';
import { initialTrigger, trailBody, trailProblem, type TrailBy } from '@/lib/orders/trail';
import { amountToQuantity, buyCost, fromSlider, quantityToAmount, sellProceeds, toSlider } from './order-math';
import type { InputType, OrderKind, OrderRequest, Side, SliderInput } from '../api/types';

/** What the user has entered on the order panel (plain decimal text, '' when empty). */
export interface OrderDraft {
  side: Side;
  orderType: OrderKind;
  inputType: InputType;
  quantity: string;
  amount: string;
  limitPrice: string;
  stopPrice: string;
  /** A trailing stop's distance (R4.10): a percentage of the best bid or rupiah. */
  trailBy: TrailBy;
  trail: string;
}

export const emptyDraft = (side: Side = 'BUY'): OrderDraft => ({
  side,
  orderType: 'MARKET',
  inputType: 'quantity',
  quantity: '',
  amount: '',
  limitPrice: '',
  stopPrice: '',
  trailBy: 'percent',
  trail: '',
});

/** The crypto order types, in the panel's order. */
export const ORDER_KINDS: readonly OrderKind[] = ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'TRAILING_STOP'];

/**
 * The types a side offers, in the panel's order. R4.10: a trailing stop protects a holding, so only
 * sells have it; the order-types call does not name it (the server shows one as a STOP with a
 * sub-type), so it is offered wherever stops are.
 */
export function kindsFor(side: Side, offered?: ReadonlySet<string>): OrderKind[] {
  return ORDER_KINDS.filter((kind) =>
    kind === 'TRAILING_STOP' ? side === 'SELL' && (!offered || offered.has('STOP')) : !offered || offered.has(kind),
  );
}

/** A fresh entry for the other side, keeping the order type where that side has it. */
export function switchSide(draft: OrderDraft, side: Side): OrderDraft {
  const orderType = kindsFor(side).includes(draft.orderType) ? draft.orderType : 'MARKET';
  return { ...emptyDraft(side), orderType };
}

/** Market prices the panel sizes market orders with. */
export interface MarketPrices {
  bestBid: string | null;
  bestAsk: string | null;
  lastPrice: string | null;
}

/**
 * R4.10: where a trailing stop starts, its trail below the best bid (the server sets it from the bid
 * when the order arrives, so this is an estimate); null until the trail is usable.
 */
export function trailingTrigger(draft: OrderDraft, prices: MarketPrices): string | null {
  return initialTrigger(draft.trailBy, draft.trail, prices.bestBid, decimalsOf(prices.bestBid ?? '0'));
}

/**
 * The price a quantity converts at: the limit for limit orders, the trigger for stops (a trailing
 * stop's first one), else the touch.
 */
export function referencePrice(draft: OrderDraft, prices: MarketPrices): string | null {
  if (draft.orderType === 'LIMIT' || draft.orderType === 'STOP_LIMIT')
    return positive(draft.limitPrice) ? draft.limitPrice : null;
  if (draft.orderType === 'STOP') return positive(draft.stopPrice) ? draft.stopPrice : null;
  if (draft.orderType === 'TRAILING_STOP') return trailingTrigger(draft, prices);
  const touch = draft.side === 'BUY' ? prices.bestAsk : prices.bestBid;
  return touch ?? prices.lastPrice;
}

/** Only market buys may be sized in rupiah (the server's `amountInput`). */
export function amountInputAllowed(draft: Pick<OrderDraft, 'side' | 'orderType'>): boolean {
  return draft.side === 'BUY' && draft.orderType === 'MARKET';
}

/** R5.04: moving the slider sets the value of the current input from a share of the power. */
export function applySlider(draft: OrderDraft, percent: number, input: SliderInput, prices: MarketPrices): OrderDraft {
  const fees = input;
  if (draft.side === 'SELL') {
    return {
      ...draft,
      quantity: fromSlider(percent, input.power, input.quantityPrecision, input.stepConfig.quantity),
      amount: '',
    };
  }
  const money = fromSlider(percent, input.power, input.amountPrecision);
  if (draft.inputType === 'amount') return { ...draft, amount: money, quantity: '' };
  const price = referencePrice(draft, prices);
  const quantity = price
    ? amountToQuantity(money, price, fees, input.amountPrecision, input.quantityPrecision, input.stepConfig.quantity)
    : '';
  return { ...draft, quantity: quantity === '0' ? '' : quantity, amount: '' };
}

/** R5.04: where the typed value sits on the slider. */
export function sliderPosition(draft: OrderDraft, input: SliderInput | undefined, prices: MarketPrices): number {
  if (!input) return 0;
  if (draft.side === 'SELL') return toSlider(draft.quantity, input.power);
  if (draft.inputType === 'amount') return toSlider(draft.amount, input.power);
  const price = referencePrice(draft, prices);
  if (!price) return 0;
  return toSlider(
    buyCost(quantityToAmount(draft.quantity, price, input.amountPrecision), input, input.amountPrecision),
    input.power,
  );
}

/** The order's value before fees, and what a buy costs all in or a sell brings (R5.06). */
export interface OrderTotals {
  value: string | null;
  total: string | null;
}

export function orderTotals(draft: OrderDraft, input: SliderInput | undefined, prices: MarketPrices): OrderTotals {
  if (!input) return { value: null, total: null };
  const price = referencePrice(draft, prices);
  const value =
    draft.inputType === 'amount' && draft.side === 'BUY'
      ? positive(draft.amount)
        ? draft.amount
        : null
      : positive(draft.quantity) && price
        ? quantityToAmount(draft.quantity, price, input.amountPrecision)
        : null;
  if (!value) return { value: null, total: null };
  if (draft.side === 'BUY') {
    // A buy by amount spends exactly the amount, fees included; by quantity the fees come on top.
    return { value, total: draft.inputType === 'amount' ? value : buyCost(value, input, input.amountPrecision) };
  }
  return { value, total: sellProceeds(value, input, input.amountPrecision) };
}

/** What stops the order from being reviewed, as translation keys (R5.05 titles and descriptions). */
export type DraftProblem =
  'insufficientPower' | 'limitPriceMissing' | 'stopPriceMissing' | 'trailPercentRange' | 'trailTooWide' | null;

/** What is wrong with what the user typed (an empty field is not a problem yet, only not ready). */
export function draftProblem(draft: OrderDraft, input: SliderInput | undefined, prices: MarketPrices): DraftProblem {
  if (draft.orderType === 'TRAILING_STOP') {
    const trail = trailProblem(draft.trailBy, draft.trail, prices.bestBid);
    if (trail && trail !== 'trailMissing') return trail;
  }
  if ((draft.orderType === 'LIMIT' || draft.orderType === 'STOP_LIMIT') && !positive(draft.limitPrice)) {
    return draft.limitPrice ? 'limitPriceMissing' : null;
  }
  if ((draft.orderType === 'STOP' || draft.orderType === 'STOP_LIMIT') && !positive(draft.stopPrice)) {
    return draft.stopPrice ? 'stopPriceMissing' : null;
  }
  if (!input) return null;
  const power = positive(input.power);
  if (draft.side === 'SELL') {
    const quantity = positive(draft.quantity);
    return quantity && (!power || quantity.gt(power)) ? 'insufficientPower' : null;
  }
  const { total } = orderTotals(draft, input, prices);
  const cost = positive(total);
  return cost && (!power || cost.gt(power)) ? 'insufficientPower' : null;
}

/** Ready for review: a positive size, the prices (or the trail) its type needs, and no problem. */
export function draftReady(draft: OrderDraft, input: SliderInput | undefined, prices: MarketPrices): boolean {
  const sized =
    draft.inputType === 'amount' && draft.side === 'BUY' ? positive(draft.amount) : positive(draft.quantity);
  if (!sized || draftProblem(draft, input, prices)) return false;
  if ((draft.orderType === 'LIMIT' || draft.orderType === 'STOP_LIMIT') && !positive(draft.limitPrice)) return false;
  if ((draft.orderType === 'STOP' || draft.orderType === 'STOP_LIMIT') && !positive(draft.stopPrice)) return false;
  if (draft.orderType === 'TRAILING_STOP') {
    return draft.side === 'SELL' && trailProblem(draft.trailBy, draft.trail, prices.bestBid) === null;
  }
  return true;
}

/** The request body: only the fields the order type uses. */
export function toOrderRequest(symbol: string, draft: OrderDraft): OrderRequest {
  const byAmount = draft.inputType === 'amount' && amountInputAllowed(draft);
  const request: OrderRequest = {
    symbol,
    orderType: draft.orderType,
    inputType: byAmount ? 'amount' : 'quantity',
  };
  if (byAmount) request.amount = draft.amount;
  else request.quantity = draft.quantity;
  if (draft.orderType === 'LIMIT' || draft.orderType === 'STOP_LIMIT') request.limitPrice = draft.limitPrice;
  if (draft.orderType === 'STOP' || draft.orderType === 'STOP_LIMIT') request.stopPrice = draft.stopPrice;
  // R4.10: the quantity and exactly one of the distance or the percentage; the server sets the trigger.
  if (draft.orderType === 'TRAILING_STOP') Object.assign(request, trailBody(draft.trailBy, draft.trail));
  return request;
}
