import { parseDecimal } from '@/lib/decimal';
import { trailBody, trailProblem, type TrailBy, type TrailProblem } from '@/lib/orders/trail';
import type { InputType } from '@/lib/orders/types';
import type { UsEstimateInput } from '../api/get-estimate';
import type { Bucket, UsOrderBody, UsOrderType, UsSide } from '../api/types';

/** Leverage options (R4.12): none, 2x, 4x; 4x is intraday (R4.16). */
export type Leverage = 1 | 2 | 4;
export type { UsOrderType };
/** R4.09. */
export type TimeInForce = 'GOOD_TILL_CANCEL' | 'GOOD_TILL_MARKET_CLOSE';
/** R4.09 (INTRADAY is the server's own word for 4x orders; the form never sends it). */
export type TradingHours = 'REGULAR_HOURS' | 'INCLUDE_EXTENDED_HOURS';

export const ORDER_TYPES: readonly UsOrderType[] = ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'TRAILING_STOP', 'OCO'];
/** Trailing stops and OCO pairs are protective exits: sells only (R4.10). */
export const SELL_ONLY_TYPES: readonly UsOrderType[] = ['TRAILING_STOP', 'OCO'];

/** R3.01: the order entry; every text field empty by default. */
export interface UsDraft {
  side: UsSide;
  leverage: Leverage;
  orderType: UsOrderType;
  inputType: InputType;
  quantity: string;
  amount: string;
  unitPrice: string;
  stopPrice: string;
  trailBy: TrailBy;
  trail: string;
  takeProfit: string;
  stopLoss: string;
  timeInForce: TimeInForce;
  tradingHours: TradingHours;
}

export function emptyUsDraft(side: UsSide, leverage: Leverage = 1): UsDraft {
  return {
    side,
    leverage,
    orderType: 'MARKET',
    inputType: 'quantity',
    quantity: '',
    amount: '',
    unitPrice: '',
    stopPrice: '',
    trailBy: 'percent',
    trail: '',
    takeProfit: '',
    stopLoss: '',
    timeInForce: 'GOOD_TILL_CANCEL',
    tradingHours: 'REGULAR_HOURS',
  };
}

/** The USD wallet bucket a leverage trades from and into (R3.10). */
export function bucketOf(leverage: number): Bucket {
  return leverage === 4 ? 'INTRADAY' : leverage === 2 ? 'LEVERAGE' : 'PALN';
}

/** A bucket name from the server as one of the three (an unknown one is treated as normal). */
export function knownBucket(bucket: string): Bucket {
  return bucket === 'INTRADAY' || bucket === 'LEVERAGE' ? bucket : 'PALN';
}

export function leverageOf(bucket: string): Leverage {
  return bucket === 'INTRADAY' ? 4 : bucket === 'LEVERAGE' ? 2 : 1;
}

/** Which fields the form shows for a side, type and leverage. */
export interface UsFields {
  /** R4.17: buying by dollars is for market buys only. */
  amountInput: boolean;
  unitPrice: boolean;
  stopPrice: boolean;
  trail: boolean;
  /** OCO sell: take-profit limit and stop-loss trigger. */
  ocoPrices: boolean;
  /** R2.13: take-profit and stop-loss on a buy become an OCO sell once it fills. */
  bracket: boolean;
  /** R4.16: a 4x order is good till market close and intraday, so both choices disappear. */
  timeInForce: boolean;
  tradingHours: boolean;
  /** Extended hours take limit orders only. */
  extendedHours: boolean;
}

export function fieldsFor(draft: Pick<UsDraft, 'side' | 'orderType' | 'leverage'>): UsFields {
  const { side, orderType, leverage } = draft;
  const intraday = leverage === 4;
  return {
    amountInput: side === 'BUY' && orderType === 'MARKET',
    unitPrice: orderType === 'LIMIT' || orderType === 'STOP_LIMIT',
    stopPrice: orderType === 'STOP' || orderType === 'STOP_LIMIT',
    trail: orderType === 'TRAILING_STOP',
    ocoPrices: orderType === 'OCO',
    bracket: side === 'BUY',
    timeInForce: !intraday,
    tradingHours: !intraday,
    extendedHours: !intraday && orderType === 'LIMIT',
  };
}

/** The order types a side offers, in the panel's order (trailing stop and OCO only when selling). */
export function typesForSide(side: UsSide, offered?: readonly string[]): UsOrderType[] {
  return ORDER_TYPES.filter(
    (type) => (side === 'SELL' || !SELL_ONLY_TYPES.includes(type)) && (!offered || offered.includes(type)),
  );
}

/** Whole shares only: stops, trailing stops, OCO pairs and extended hours (fractional_not_allowed). */
export function wholeSharesOnly(draft: Pick<UsDraft, 'orderType' | 'tradingHours' | 'leverage'>): boolean {
  const extended = draft.leverage !== 4 && draft.tradingHours === 'INCLUDE_EXTENDED_HOURS';
  return extended || !(draft.orderType === 'MARKET' || draft.orderType === 'LIMIT');
}

/** Moves the draft to another type, leverage or side and drops what that choice no longer allows. */
export function normalizeDraft(draft: UsDraft): UsDraft {
  const fields = fieldsFor(draft);
  const next = { ...draft };
  if (draft.side === 'BUY' && SELL_ONLY_TYPES.includes(draft.orderType)) next.orderType = 'MARKET';
  const nextFields = next.orderType === draft.orderType ? fields : fieldsFor(next);
  if (!nextFields.amountInput) next.inputType = 'quantity';
  if (!nextFields.extendedHours) next.tradingHours = 'REGULAR_HOURS';
  if (!nextFields.timeInForce) next.timeInForce = 'GOOD_TILL_MARKET_CLOSE';
  return next;
}

export type DraftProblem =
  | 'quantityMissing'
  | 'amountMissing'
  | 'wholeShares'
  | 'unitPriceMissing'
  | 'stopPriceMissing'
  | TrailProblem
  | 'ocoPricesMissing'
  | 'ocoOrder'
  | 'bracketOrder';

/** Problems the panel explains in a line of its own: a missing size needs no words, a wrong trail shows on its field. */
export type WordedProblem = Exclude<
  DraftProblem,
  'quantityMissing' | 'amountMissing' | 'trailPercentRange' | 'trailTooWide'
>;

export function wordedProblem(problem: DraftProblem | null): WordedProblem | null {
  switch (problem) {
    case null:
    case 'quantityMissing':
    case 'amountMissing':
    case 'trailPercentRange':
    case 'trailTooWide':
      return null;
    default:
      return problem;
  }
}

const isPositive = (text: string) => {
  const value = parseDecimal(text);
  return value !== null && value.gt(0);
};

/** What keeps the draft from review (the first thing to fix), or null when it can be priced. */
export function draftProblem(draft: UsDraft): DraftProblem | null {
  const fields = fieldsFor(draft);
  if (fields.amountInput && draft.inputType === 'amount') {
    if (!isPositive(draft.amount)) return 'amountMissing';
  } else {
    if (!isPositive(draft.quantity)) return 'quantityMissing';
    if (wholeSharesOnly(draft) && !/^\d+$/.test(draft.quantity.trim())) return 'wholeShares';
  }
  if (fields.unitPrice && !isPositive(draft.unitPrice)) return 'unitPriceMissing';
  if (fields.stopPrice && !isPositive(draft.stopPrice)) return 'stopPriceMissing';
  const trail = fields.trail ? trailProblem(draft.trailBy, draft.trail) : null;
  if (trail) return trail;
  if (fields.ocoPrices) {
    if (!isPositive(draft.takeProfit) || !isPositive(draft.stopLoss)) return 'ocoPricesMissing';
    if (!parseDecimal(draft.takeProfit)!.gt(parseDecimal(draft.stopLoss)!)) return 'ocoOrder';
  }
  if (fields.bracket && draft.takeProfit.trim() && draft.stopLoss.trim()) {
    const tp = parseDecimal(draft.takeProfit);
    const sl = parseDecimal(draft.stopLoss);
    if (!tp || !sl || !tp.gt(sl)) return 'bracketOrder';
  }
  return null;
}

const text = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/**
 * R3.15 the payload, shaped by the rules:
 * - R4.17: by quantity drops the amount, by amount drops the quantity;
 * - R4.16: 4x drops the trading hours and forces GOOD_TILL_MARKET_CLOSE (intraday);
 * - R4.15: leverage is sent only when it is 2 or 4 (the endpoint follows it, see place-order);
 * - only the prices the type uses are sent.
 */
export function toUsOrderBody(stockId: string, draft: UsDraft): UsOrderBody {
  const fields = fieldsFor(draft);
  const body: UsOrderBody = { stockId, orderType: draft.orderType };
  if (fields.amountInput && draft.inputType === 'amount') body.amount = text(draft.amount);
  else body.quantity = text(draft.quantity);
  if (fields.unitPrice) body.unitPrice = text(draft.unitPrice);
  if (fields.stopPrice) body.stopPrice = text(draft.stopPrice);
  if (fields.trail) Object.assign(body, trailBody(draft.trailBy, draft.trail));
  if (fields.ocoPrices || fields.bracket) {
    const takeProfit = text(draft.takeProfit);
    const stopLoss = text(draft.stopLoss);
    if (takeProfit) body.takeProfit = takeProfit;
    if (stopLoss) body.stopLoss = stopLoss;
  }
  if (draft.leverage === 4) {
    body.leverage = 4;
    body.isIntradayLeverage = true;
    body.timeInForce = 'GOOD_TILL_MARKET_CLOSE';
  } else {
    if (draft.leverage === 2) body.leverage = 2;
    body.timeInForce = draft.timeInForce;
    body.tradingHours = fields.extendedHours ? draft.tradingHours : 'REGULAR_HOURS';
  }
  return body;
}

/** The estimate call for the draft: its size and the prices it uses (an OCO is priced at its take-profit). */
export function estimateInputOf(stockId: string, draft: UsDraft): UsEstimateInput {
  const body = toUsOrderBody(stockId, draft);
  return {
    transactionType: draft.side,
    stockId,
    orderType: draft.orderType,
    leverage: draft.leverage,
    quantity: body.quantity ?? undefined,
    amount: body.amount ?? undefined,
    unitPrice: (draft.orderType === 'OCO' ? body.takeProfit : body.unitPrice) ?? undefined,
    stopPrice: body.stopPrice ?? undefined,
  };
}
