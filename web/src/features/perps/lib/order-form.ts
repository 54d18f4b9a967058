import { parseDecimal, positive, type Decimal } from '@/lib/decimal';
import type { PerpInstrument, PerpOrderBody, PerpOrderType, PerpSide } from '../api/types';

/**
 * The futures order panel's entry and its rules (issue 13): what each order type needs, the contract's
 * quantity step and price tick, its minimum order value, and the leverage the slider may choose. The
 * server checks all of them again; these only say what to fix before asking it.
 */
export interface PerpDraft {
  side: PerpSide;
  orderType: PerpOrderType;
  /** Contracts, plain decimal text. */
  quantity: string;
  /** Limit price, USDT (LIMIT, STOP_LIMIT). */
  price: string;
  /** Trigger on the mark price, USDT (STOP_MARKET, STOP_LIMIT). */
  stopPrice: string;
  reduceOnly: boolean;
  /** Whether the take-profit and stop-loss fields are open (not with reduce-only). */
  protect: boolean;
  /** Take-profit set on the position the order opens or adds to, USDT (optional). */
  takeProfit: string;
  /** Stop-loss set on the position the order opens or adds to, USDT (optional). */
  stopLoss: string;
}

export const PERP_ORDER_TYPES: readonly PerpOrderType[] = ['MARKET', 'LIMIT', 'STOP_MARKET', 'STOP_LIMIT'];

/** The largest leverage of any contract for the wallet (R3.11's 20x). */
export const WALLET_MAX_LEVERAGE = 20;

export function emptyPerpDraft(side: PerpSide = 'BUY', orderType: PerpOrderType = 'MARKET'): PerpDraft {
  return {
    side,
    orderType,
    quantity: '',
    price: '',
    stopPrice: '',
    reduceOnly: false,
    protect: false,
    takeProfit: '',
    stopLoss: '',
  };
}

/** Which price fields an order type takes. */
export function fieldsFor(orderType: PerpOrderType): { price: boolean; stopPrice: boolean } {
  return {
    price: orderType === 'LIMIT' || orderType === 'STOP_LIMIT',
    stopPrice: orderType === 'STOP_MARKET' || orderType === 'STOP_LIMIT',
  };
}

/** What is wrong with an entry, first problem first; each one a text of `perps.problem`. */
export type PerpProblem =
  | 'quantityMissing'
  | 'quantityStep'
  | 'priceMissing'
  | 'priceTick'
  | 'stopMissing'
  | 'stopTick'
  | 'belowMinNotional'
  | 'takeProfitTick'
  | 'takeProfitSide'
  | 'stopLossTick'
  | 'stopLossSide';

/** The contract's rules the panel checks. */
export type PerpRules = Pick<PerpInstrument, 'tickSize' | 'stepSize' | 'minNotional' | 'markPrice'>;

function onGrid(value: Decimal, step: string): boolean {
  const size = positive(step);
  return !size || value.mod(size).eq(0);
}

/**
 * The entry's first problem, or null when it may be estimated: a quantity above zero on the step, a
 * price and a trigger where the type needs them, on the tick, and an order value (at the limit price,
 * else the trigger, else the mark) not below the contract's minimum. A reduce-only order closes what
 * is there, so the minimum value does not apply to it.
 */
export function draftProblem(draft: PerpDraft, rules: PerpRules): PerpProblem | null {
  const quantity = positive(draft.quantity);
  if (!quantity) return 'quantityMissing';
  if (!onGrid(quantity, rules.stepSize)) return 'quantityStep';
  const fields = fieldsFor(draft.orderType);
  const price = positive(draft.price);
  const stop = positive(draft.stopPrice);
  if (fields.stopPrice && !stop) return 'stopMissing';
  if (fields.stopPrice && stop && !onGrid(stop, rules.tickSize)) return 'stopTick';
  if (fields.price && !price) return 'priceMissing';
  if (fields.price && price && !onGrid(price, rules.tickSize)) return 'priceTick';
  const reference = (fields.price ? price : null) ?? (fields.stopPrice ? stop : null) ?? positive(rules.markPrice);
  const minimum = parseDecimal(rules.minNotional);
  if (!draft.reduceOnly && reference && minimum && quantity.times(reference).lt(minimum)) return 'belowMinNotional';
  return reference ? protectionProblem(draft, rules, reference) : null;
}

/**
 * A take-profit and a stop-loss given with the order: on the tick, the take-profit on the profit side
 * of the price the order opens at (above for a long), the stop-loss on the loss side.
 */
function protectionProblem(draft: PerpDraft, rules: PerpRules, reference: Decimal): PerpProblem | null {
  if (!draft.protect || draft.reduceOnly) return null;
  const long = draft.side === 'BUY';
  const takeProfit = draft.takeProfit.trim() ? parseDecimal(draft.takeProfit) : null;
  const stopLoss = draft.stopLoss.trim() ? parseDecimal(draft.stopLoss) : null;
  if (takeProfit) {
    if (!onGrid(takeProfit, rules.tickSize)) return 'takeProfitTick';
    if (long ? takeProfit.lte(reference) : takeProfit.gte(reference)) return 'takeProfitSide';
  }
  if (stopLoss) {
    if (!onGrid(stopLoss, rules.tickSize)) return 'stopLossTick';
    if (stopLoss.lte(0) || (long ? stopLoss.gte(reference) : stopLoss.lte(reference))) return 'stopLossSide';
  }
  return null;
}

/** The take-profit and stop-loss the order carries: only those given, never with reduce-only. */
export function protectionOf(draft: PerpDraft): { takeProfit?: string; stopLoss?: string } {
  if (!draft.protect || draft.reduceOnly) return {};
  const takeProfit = draft.takeProfit.trim();
  const stopLoss = draft.stopLoss.trim();
  return { ...(takeProfit ? { takeProfit } : {}), ...(stopLoss ? { stopLoss } : {}) };
}

/** The request: only the fields the type takes, and reduce-only when chosen. */
export function toOrderBody(symbol: string, draft: PerpDraft): PerpOrderBody {
  const fields = fieldsFor(draft.orderType);
  return {
    symbol,
    orderType: draft.orderType,
    quantity: draft.quantity.trim(),
    ...(fields.price ? { price: draft.price.trim() } : {}),
    ...(fields.stopPrice ? { stopPrice: draft.stopPrice.trim() } : {}),
    ...(draft.reduceOnly ? { reduceOnly: true } : {}),
    ...protectionOf(draft),
  };
}

/** The slider's leverage: a whole number from 1 to the contract's maximum for this wallet. */
export function clampLeverage(value: number, maxLeverage: number): number {
  const max = Math.max(1, Math.min(Math.floor(maxLeverage), WALLET_MAX_LEVERAGE));
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.round(value)));
}

/** The slider's labelled marks: 1x, the usual steps below the maximum, and the maximum. */
export function leverageMarks(maxLeverage: number): number[] {
  const max = clampLeverage(maxLeverage, maxLeverage);
  return [...new Set([1, ...[5, 10, 15].filter((mark) => mark < max), max])];
}
