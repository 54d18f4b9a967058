import {
  decimalOrZero,
  floorToMultiple,
  fromInteger,
  parseDecimal,
  positive,
  roundDown,
  roundUp,
  toText,
  type Decimal,
} from '@/lib/decimal';

/**
 * Order-entry arithmetic of SPEC §5, exact (lib/decimal): values are decimal strings as typed or as
 * the server sent them, never floats. Every function returns a plain decimal string.
 */

/** R5.01: cut to `precision` decimals, never rounded. */
export function truncate(value: string, precision: number): string {
  const parsed = parseDecimal(value);
  return parsed ? toText(roundDown(parsed, precision)) : '0';
}

/** R5.02: floored to a multiple of `step` (when there is one), then cut to `precision`. */
export function floorToStep(value: string, step: string | null | undefined, precision: number): string {
  const parsed = parseDecimal(value);
  if (!parsed || parsed.lte(0)) return '0';
  const stepSize = positive(step);
  const floored = stepSize ? floorToMultiple(parsed, stepSize) : parsed;
  return toText(roundDown(floored, precision));
}

/** R5.04: the slider runs 0–100 in steps of 1 with these marks. */
export const SLIDER_MARKS = [0, 25, 50, 75, 100] as const;

/** R5.04: the slider is disabled when the power is zero or missing. */
export function sliderDisabled(power: string | null | undefined): boolean {
  return positive(power) === null;
}

/** R5.04: the share of the power a slider position stands for, cut to precision (and step, for quantities). */
export function fromSlider(percent: number, power: string, precision: number, step?: string | null): string {
  const clamped = Math.min(100, Math.max(0, Math.round(percent)));
  const share = decimalOrZero(power).times(fromInteger(clamped)).div(100);
  return floorToStep(toText(share), step, precision);
}

/** R5.04: where a typed value sits on the slider (whole percent, 0–100). */
export function toSlider(value: string | null, power: string | null | undefined): number {
  const total = positive(power);
  const typed = decimalOrZero(value);
  if (!total || typed.lte(0)) return 0;
  // A display-only ratio (the slider's position): computed exactly, then a whole number for the slider.
  const percent = Number(toText(roundDown(typed.div(total).times(100), 0)));
  return Math.min(100, percent);
}

/** The fee percentages of the slider input (R3.07), as the server sends them (e.g. "0.1" for 0.1 %). */
export interface FeePercentages {
  transactionFeePercentage: string;
  taxationFeePercentage: string;
}

function feeFactor(fees: FeePercentages): Decimal {
  return decimalOrZero(fees.transactionFeePercentage).plus(decimalOrZero(fees.taxationFeePercentage)).div(100).plus(1);
}

/** R5.06: what a buy of `amount` costs: the amount rounded up, plus the transaction and tax percentages, rounded up. */
export function buyCost(amount: string, fees: FeePercentages, amountPrecision: number): string {
  const parsed = parseDecimal(amount);
  if (!parsed || parsed.lte(0)) return '0';
  const roundedAmount = roundUp(parsed, amountPrecision);
  return toText(roundUp(roundedAmount.times(feeFactor(fees)), amountPrecision));
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
  const parsed = parseDecimal(amount);
  const unitPrice = positive(price);
  if (!parsed || parsed.lte(0) || !unitPrice) return '0';
  const net = roundUp(parsed.div(feeFactor(fees)), amountPrecision);
  return floorToStep(toText(net.div(unitPrice)), quantityStep, quantityPrecision);
}

/** The value of a quantity at a price, cut to the amount precision. */
export function quantityToAmount(quantity: string, price: string, amountPrecision: number): string {
  const parsed = parseDecimal(quantity);
  const unitPrice = parseDecimal(price);
  if (!parsed || !unitPrice) return '0';
  return toText(roundDown(parsed.times(unitPrice), amountPrecision));
}

/** R5.12: an unleveraged OCO sell sells whole units; its amount is quantity × take-profit, rounded down to 2 decimals. */
export function ocoSell(
  quantity: string,
  takeProfit: string,
  leveraged: boolean,
): { quantity: string; amount: string } {
  const parsed = decimalOrZero(quantity);
  const whole = leveraged ? parsed : roundDown(parsed, 0);
  const price = decimalOrZero(takeProfit);
  return { quantity: toText(whole), amount: toText(roundDown(whole.times(price), 2)) };
}

/** True when `value` has more decimals than `precision` allows. */
export function exceedsPrecision(value: string, precision: number): boolean {
  const [, fraction = ''] = value.split('.');
  return fraction.length > precision;
}

/** What a sell of `value` brings after the transaction fee and the tax, rounded down. */
export function sellProceeds(value: string, fees: FeePercentages, amountPrecision: number): string {
  const parsed = parseDecimal(value);
  if (!parsed || parsed.lte(0)) return '0';
  const kept = fromInteger(1).minus(feeFactor(fees).minus(1));
  return toText(roundDown(parsed.times(kept), amountPrecision));
}
