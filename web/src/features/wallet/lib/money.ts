import { limitDecimalInput, SEPARATORS } from '@/lib/format';
import type { Locale } from '@/types';

/**
 * Rupiah arithmetic on exact integers (sen, 1/100 rupiah, as the server's ledger keeps them): the API
 * sends amounts as decimal strings and nothing here goes through a float.
 */

/** Top-ups and cash-outs are typed in whole rupiah: bank transfers and payment gateways move whole rupiah. */
export const WALLET_AMOUNT_DECIMALS = 0;

const SEN_PER_RUPIAH = 100n;
const BPS_PER_WHOLE = 10_000n;

/** `"150000.5"` → 15000050n; null for anything but a plain non-negative decimal with at most 2 places. */
export function toSen(text: string | null | undefined): bigint | null {
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec((text ?? '').trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * SEN_PER_RUPIAH + BigInt(fraction.padEnd(2, '0'));
}

/** 15000050n → `"150000.50"` (the API's form). */
export function senToDecimal(sen: bigint): string {
  const negative = sen < 0n;
  const abs = negative ? -sen : sen;
  const whole = abs / SEN_PER_RUPIAH;
  const fraction = (abs % SEN_PER_RUPIAH).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * The top-up fee the server will charge (channels.rs `fee_for`): the flat fee plus the percentage of
 * the amount, rounded up to the sen. `feePercentage` "1.50" is 150 basis points.
 */
export function topupFeeSen(amountSen: bigint, feeFlat: string, feePercentage: string): bigint {
  const flat = toSen(feeFlat) ?? 0n;
  const bps = toSen(feePercentage) ?? 0n; // "1.50" percent = 150 bps: the same digits as sen
  const percentPart = (amountSen * bps + BPS_PER_WHOLE - 1n) / BPS_PER_WHOLE;
  return flat + percentPart;
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
  const amount = toSen(amountText);
  if (amount === null || amount === 0n) return 'empty';
  const minimum = toSen(limits.minimumAmount);
  const maximum = toSen(limits.maximumAmount);
  if (minimum !== null && amount < minimum) return 'belowMinimum';
  if (maximum !== null && amount > maximum) return 'aboveMaximum';
  const available = availableBalance === undefined ? null : toSen(availableBalance);
  if (available !== null && amount > available) return 'aboveAvailable';
  return null;
}
