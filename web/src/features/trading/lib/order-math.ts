import Big from 'big.js';

/**
 * Order-entry arithmetic of SPEC §5, exact (big.js): values are decimal strings as typed or as the
 * server sent them, never floats. Every function returns a plain decimal string.
 */

/** Rounding modes of big.js: 0 = down (truncate), 3 = up (away from zero). */
const DOWN = 0;
const UP = 3;

function big(value: string | number): Big | null {
  try {
    return new Big(value);
  } catch {
    return null;
  }
}

/** A positive decimal, or null for empty, malformed, zero or negative text. */
export function positive(value: string | null | undefined): Big | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const parsed = big(value.trim());
  return parsed && parsed.gt(0) ? parsed : null;
}

/** R5.01: cut to `precision` decimals, never rounded. */
export function truncate(value: string, precision: number): string {
  const parsed = big(value);
  return parsed ? parsed.round(Math.max(0, precision), DOWN).toFixed() : '0';
}

/** R5.02: floored to a multiple of `step` (when there is one), then cut to `precision`. */
export function floorToStep(value: string, step: string | null | undefined, precision: number): string {
  const parsed = big(value);
  if (!parsed || parsed.lte(0)) return '0';
  const stepSize = positive(step ?? null);
  const floored = stepSize ? parsed.div(stepSize).round(0, DOWN).times(stepSize) : parsed;
  return floored.round(Math.max(0, precision), DOWN).toFixed();
}

/** R5.03: plus adds one step; minus takes one away and is ignored below the step. */
export function stepValue(value: string | null, step: string, direction: 'plus' | 'minus', precision: number): string {
  const current = big(value && value.trim() !== '' ? value : '0') ?? new Big(0);
  const stepSize = positive(step);
  if (!stepSize) return current.toFixed();
  if (direction === 'minus') {
    if (current.lt(stepSize)) return current.toFixed();
    return current.minus(stepSize).round(Math.max(0, precision), DOWN).toFixed();
  }
  return current.plus(stepSize).round(Math.max(0, precision), DOWN).toFixed();
}

/** R5.04: the slider runs 0–100 in steps of 1 with these marks. */
export const SLIDER_MARKS = [0, 25, 50, 75, 100] as const;

/** R5.04: the slider is disabled when the power is zero or missing. */
export function sliderDisabled(power: string | null | undefined): boolean {
  return positive(power ?? null) === null;
}

/** R5.04: the share of the power a slider position stands for, cut to precision (and step, for quantities). */
export function fromSlider(percent: number, power: string, precision: number, step?: string | null): string {
  const clamped = Math.min(100, Math.max(0, Math.round(percent)));
  const share = (big(power) ?? new Big(0)).times(clamped).div(100);
  return floorToStep(share.toFixed(), step, precision);
}

/** R5.04: where a typed value sits on the slider (whole percent, 0–100). */
export function toSlider(value: string | null, power: string | null | undefined): number {
  const total = positive(power ?? null);
  const typed = big(value && value.trim() !== '' ? value : '0');
  if (!total || !typed || typed.lte(0)) return 0;
  const percent = Number(typed.div(total).times(100).round(0, DOWN).toFixed());
  return Math.min(100, percent);
}

/** The fee percentages of the slider input (R3.07), as the server sends them (e.g. "0.1" for 0.1 %). */
export interface FeePercentages {
  transactionFeePercentage: string;
  taxationFeePercentage: string;
}

function feeFactor(fees: FeePercentages): Big {
  return new Big(fees.transactionFeePercentage || '0')
    .plus(fees.taxationFeePercentage || '0')
    .div(100)
    .plus(1);
}

/** R5.06: what a buy of `amount` costs: the amount rounded up, plus the transaction and tax percentages, rounded up. */
export function buyCost(amount: string, fees: FeePercentages, amountPrecision: number): string {
  const parsed = big(amount);
  if (!parsed || parsed.lte(0)) return '0';
  const roundedAmount = parsed.round(Math.max(0, amountPrecision), UP);
  return roundedAmount.times(feeFactor(fees)).round(Math.max(0, amountPrecision), UP).toFixed();
}

/**
 * R5.06 with R5.02: how much can be bought for `amount` all in: the amount divided by one plus the
 * summed fee percentages (rounded up), over the price, floored to the quantity step.
 */
export function amountToQuantity(
  amount: string,
  price: string,
  fees: FeePercentages,
  amountPrecision: number,
  quantityPrecision: number,
  quantityStep?: string | null,
): string {
  const parsed = big(amount);
  const unitPrice = positive(price);
  if (!parsed || parsed.lte(0) || !unitPrice) return '0';
  const net = parsed.div(feeFactor(fees)).round(Math.max(0, amountPrecision), UP);
  return floorToStep(net.div(unitPrice).toFixed(), quantityStep, quantityPrecision);
}

/** The value of a quantity at a price, cut to the amount precision. */
export function quantityToAmount(quantity: string, price: string, amountPrecision: number): string {
  const parsed = big(quantity);
  const unitPrice = big(price);
  if (!parsed || !unitPrice) return '0';
  return parsed.times(unitPrice).round(Math.max(0, amountPrecision), DOWN).toFixed();
}

/** R5.12: an unleveraged OCO sell sells whole units; its amount is quantity × take-profit, rounded down to 2 decimals. */
export function ocoSell(
  quantity: string,
  takeProfit: string,
  leveraged: boolean,
): { quantity: string; amount: string } {
  const parsed = big(quantity) ?? new Big(0);
  const whole = leveraged ? parsed : parsed.round(0, DOWN);
  const price = big(takeProfit) ?? new Big(0);
  return { quantity: whole.toFixed(), amount: whole.times(price).round(2, DOWN).toFixed() };
}

/** True when `value` has more decimals than `precision` allows. */
export function exceedsPrecision(value: string, precision: number): boolean {
  const [, fraction = ''] = value.split('.');
  return fraction.length > precision;
}

/** What a sell of `value` brings after the transaction fee and the tax, rounded down. */
export function sellProceeds(value: string, fees: FeePercentages, amountPrecision: number): string {
  const parsed = big(value);
  if (!parsed || parsed.lte(0)) return '0';
  const kept = new Big(1).minus(feeFactor(fees).minus(1));
  return parsed.times(kept).round(Math.max(0, amountPrecision), DOWN).toFixed();
}
