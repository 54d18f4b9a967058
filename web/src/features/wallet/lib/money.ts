import { decimalOrZero, parseDecimal, roundDown, roundUp, toText } from '@/lib/decimal';
import { limitDecimalInput, SEPARATORS } from '@/lib/format';
import type { Locale } from '@/types';

/** Top-ups and cash-outs are typed in whole rupiah: bank transfers and payment gateways move whole rupiah. */
export const WALLET_AMOUNT_DECIMALS = 0;

/** Rupiah amounts as the API sends them: two decimals (sen). */
export const RUPIAH_DECIMALS = 2;

/**
 * The top-up fee the server will charge (channels.rs `fee_for`): the flat fee plus the percentage of
 * the amount, rounded up to the sen; as the API's decimal text.
 */
export function topupFee(amount: string, feeFlat: string, feePercentage: string): string {
  const percentPart = roundUp(decimalOrZero(amount).times(decimalOrZero(feePercentage)).div(100), RUPIAH_DECIMALS);
  return toText(decimalOrZero(feeFlat).plus(percentPart), RUPIAH_DECIMALS);
}

/** a + b or a − b of two rupiah decimal texts, as the API's decimal text (2 decimals); a floor of zero when asked. */
export function addRupiah(a: string, b: string, options: { subtract?: boolean; floorAtZero?: boolean } = {}): string {
  const left = decimalOrZero(a);
  const right = decimalOrZero(b);
  const result = options.subtract ? left.minus(right) : left.plus(right);
  return toText(options.floorAtZero && result.lt(0) ? decimalOrZero('0') : result, RUPIAH_DECIMALS);
}

/** Whole rupiah (R5.01: cut, never rounded up) of a decimal text. */
export function wholeRupiah(text: string): string {
  return toText(roundDown(decimalOrZero(text), 0));
}

/**
 * R5.01: what a whole-rupiah amount field keeps of what was typed or pasted: the digits before the
 * language's decimal separator, without grouping or leading zeros, and the separator itself once
 * typed, so that digits typed after it are cut (never rounded) instead of joining the rupiah.
 * `"150.000,99"` (id) → `"150000,"`; `"150,000.99"` (en) → `"150000."`. Typed one by one, the
 * grouping dots of Indonesian are skipped: `150.000` is 150000, not 150.
 */
export function limitAmountInput(text: string, locale: Locale): string {
  const { decimal } = SEPARATORS[locale];
  const at = text.indexOf(decimal);
  const whole = (at < 0 ? text : text.slice(0, at)).replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return at < 0 ? whole : `${whole || '0'}${decimal}`;
}

/** The whole rupiah of an amount field's text (its digits before the decimal separator), as the API takes it. */
export function amountFromInput(text: string, locale: Locale): string {
  const { decimal } = SEPARATORS[locale];
  return limitDecimalInput((text.split(decimal)[0] ?? '').replace(/\D/g, ''), WALLET_AMOUNT_DECIMALS, locale);
}

export type AmountProblem = 'empty' | 'belowMinimum' | 'aboveMaximum' | 'aboveAvailable';

/** Checks a typed amount against a channel's (or cash-out's) limits and, for cash-outs, the free balance. */
export function amountProblem(
  amountText: string,
  limits: { minimumAmount: string; maximumAmount: string },
  availableBalance?: string,
): AmountProblem | null {
  const amount = parseDecimal(amountText);
  if (amount === null || amount.lte(0)) return 'empty';
  const minimum = parseDecimal(limits.minimumAmount);
  const maximum = parseDecimal(limits.maximumAmount);
  if (minimum !== null && amount.lt(minimum)) return 'belowMinimum';
  if (maximum !== null && amount.gt(maximum)) return 'aboveMaximum';
  const available = parseDecimal(availableBalance);
  if (available !== null && amount.gt(available)) return 'aboveAvailable';
  return null;
}
