import type { Locale } from '@/types';
import { type Decimal, decimalsOf, parseDecimal, signOf, toPlainDecimal, truncateDecimals } from './decimal';

/**
 * The one formatting module (R9.09–R9.11, R5.10, R5.01). Numbers go through Intl with fixed locales:
 * English uses comma thousands and dot decimals, Indonesian the reverse.
 */

export type CurrencyCode = 'IDR' | 'USD' | 'USDT';

/** R9.09 */
export const CURRENCY_PREFIX: Record<CurrencyCode, string> = { IDR: 'Rp', USD: '$', USDT: '₮' };

/** R9.10 */
export const SEPARATORS: Record<Locale, { thousands: string; decimal: string }> = {
  id: { thousands: '.', decimal: ',' },
  en: { thousands: ',', decimal: '.' },
};

const INTL_LOCALE: Record<Locale, string> = { id: 'id-ID', en: 'en-US' };

export type Rounding = 'halfExpand' | 'trunc' | 'ceil' | 'floor';

export interface NumberFormatOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  /** How digits past maximumFractionDigits go; default halfExpand (ordinary rounding). */
  rounding?: Rounding;
}

const formatterCache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, min: number, max: number, rounding: Rounding): Intl.NumberFormat {
  const key = `${locale}|${min}|${max}|${rounding}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      roundingMode: rounding,
      useGrouping: 'always',
    });
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/**
 * Decimal text Intl can format exactly: truncation happens on the text (R5.01), so 0.29 never
 * becomes 0.28999… on the way.
 */
function toIntlInput(value: number | string): number | `${number}` {
  if (typeof value === 'number') return value;
  return value.trim() as `${number}`;
}

export function formatNumber(value: number | string, locale: Locale, options: NumberFormatOptions = {}): string {
  const max = options.maximumFractionDigits ?? 2;
  const min = Math.min(options.minimumFractionDigits ?? 0, max);
  const rounding = options.rounding ?? 'halfExpand';
  const input = rounding === 'trunc' ? truncateDecimals(value, max) : value;
  const formatted = numberFormat(locale, min, max, rounding).format(toIntlInput(input));
  // Intl writes the minus sign as U+2212 in some locales; inputs and tests expect "-".
  return formatted.replace('\u2212', '-');
}

/**
 * Where an amount of money is shown; each context has a fixed number of decimals per currency and a
 * rounding direction, so the same kind of figure looks the same on every screen:
 * - `balance`: what the user holds or is worth (wallet, portfolio, buying power, order value): cut,
 *   never shown larger than it is;
 * - `amount`: what the user moves (top-up, cash-out, conversion, transfer, order amount): cut;
 * - `fee` and `total` (what the user pays): rounded up, never shown smaller than charged.
 * Prices are not money amounts: they keep the decimals the server sent (`formatPrice`).
 */
export type MoneyContext = 'balance' | 'amount' | 'fee' | 'total';

/** Rupiah in whole rupiah (transfers move whole rupiah, R5.01); dollars and tether in cents. */
export const MONEY_DECIMALS: Record<CurrencyCode, number> = { IDR: 0, USD: 2, USDT: 2 };

const MONEY_ROUNDING: Record<MoneyContext, Rounding> = {
  balance: 'trunc',
  amount: 'trunc',
  fee: 'ceil',
  total: 'ceil',
};

/** R9.09, R9.10: `Rp1.234.567` (id) / `Rp1,234,567` (en), `$1,234.50`, `₮12.30`; the sign goes first. */
export function formatMoney(
  value: number | string,
  currency: CurrencyCode,
  context: MoneyContext,
  locale: Locale,
): string {
  const decimals = MONEY_DECIMALS[currency];
  const negative = signOf(value) < 0;
  const abs = typeof value === 'number' ? Math.abs(value) : value.trim().replace(/^-/, '');
  const digits = formatNumber(abs, locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    rounding: MONEY_ROUNDING[context],
  });
  const isZero = /^[0.,]+$/.test(digits);
  return `${negative && !isZero ? '-' : ''}${CURRENCY_PREFIX[currency]}${digits}`;
}

/** A profit or loss: `+` before a gain (a loss has its own minus, zero none). */
export function formatSignedMoney(
  value: number | string,
  currency: CurrencyCode,
  context: MoneyContext,
  locale: Locale,
): string {
  const formatted = formatMoney(value, currency, context, locale);
  return signOf(value) > 0 ? `+${formatted}` : formatted;
}

/** The colour of a gain or loss: green above zero, red below, plain at zero (or when unknown). */
export function gainColor(value: string | number | null | undefined): 'success.main' | 'error.main' | undefined {
  const sign = signOf(value);
  return sign > 0 ? 'success.main' : sign < 0 ? 'error.main' : undefined;
}

/** R9.11: compact units, largest first. */
const COMPACT_UNITS: Record<Locale, ReadonlyArray<{ size: number; suffix: string }>> = {
  id: [
    { size: 1e12, suffix: ' T' },
    { size: 1e9, suffix: ' M' },
    { size: 1e6, suffix: ' jt' },
    { size: 1e3, suffix: ' rb' },
  ],
  en: [
    { size: 1e12, suffix: 'T' },
    { size: 1e9, suffix: 'B' },
    { size: 1e6, suffix: 'M' },
    { size: 1e3, suffix: 'K' },
  ],
};

/**
 * R9.11: `1,5 jt` / `1.5M`. Digits past maximumFractionDigits are cut, not rounded, so a balance is
 * never shown larger than it is (999 999 shows as 999,99 rb, not 1.000 rb).
 */
export function formatCompact(
  value: number | string,
  locale: Locale,
  options: { maximumFractionDigits?: number } = {},
): string {
  const max = options.maximumFractionDigits ?? 2;
  // Decimal text (volumes, amounts) is scaled exactly; a malformed one shows as it came.
  const exact = parseDecimal(toPlainDecimal(value));
  if (exact === null) return String(value);
  const abs = exact.abs();
  const unit = COMPACT_UNITS[locale].find((candidate) => abs.gte(candidate.size));
  if (!unit) return formatNumber(exact.toFixed(), locale, { maximumFractionDigits: max, rounding: 'trunc' });
  const scaled = truncateDecimals(exact.div(unit.size).toFixed(), max);
  return `${formatNumber(scaled, locale, { maximumFractionDigits: max })}${unit.suffix}`;
}

/**
 * Percentages with 2 decimals (R9.05): 12.345 → `12,35%` (id) / `12.35%` (en). The value is in percent;
 * the server's decimal text is rounded exactly (Intl reads the text, not a float).
 */
export function formatPercent(value: number | string, locale: Locale, options: { signed?: boolean } = {}): string {
  const text = formatNumber(value, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sign = options.signed && signOf(value) > 0 && !/^[0.,]+$/.test(text) ? '+' : '';
  return `${sign}${text}%`;
}

/**
 * R5.10: price text to a plain decimal string: removes the Rp prefix (and $ or ₮), spaces and the
 * locale's thousands separators, and turns the locale's decimal separator into a dot.
 * `Rp1.234.567,89` (id) → `1234567.89`; `Rp1,234,567.89` (en) → `1234567.89`. Null when not a number.
 */
export function parsePriceText(text: string, locale: Locale): string | null {
  const { thousands, decimal } = SEPARATORS[locale];
  let cleaned = text.replace(/rp|\$|₮/gi, '').replace(/[\s\u00a0]/g, '');
  cleaned = cleaned.split(thousands).join('');
  if (decimal !== '.') cleaned = cleaned.replace(decimal, '.');
  cleaned = cleaned.replace('\u2212', '-');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? cleaned.replace(/\.$/, '') : null;
}

/** R5.10: price text as an exact Decimal (never a float: `Rp0,1` + `Rp0,2` is exactly 0.3). */
export function parsePrice(text: string, locale: Locale): Decimal | null {
  return parseDecimal(parsePriceText(text, locale));
}

/**
 * R5.01: what an amount or quantity input keeps of what was typed: digits and one decimal separator,
 * at most `precision` decimals, cut not rounded. The result uses the locale's decimal separator and no
 * thousands separators. In Indonesian a comma is the decimal separator (dots before it are grouping);
 * without a comma a dot is taken as the decimal point, since phone keypads often only offer a dot.
 */
export function limitDecimalInput(text: string, precision: number, locale: Locale): string {
  const { decimal } = SEPARATORS[locale];
  const normalised =
    locale === 'id' ? (text.includes(',') ? text.replace(/\./g, '').replace(/,/g, '.') : text) : text.replace(/,/g, '');
  const digitsAndDot = normalised.replace(/[^\d.]/g, '');
  const firstDot = digitsAndDot.indexOf('.');
  if (firstDot < 0) return digitsAndDot;
  if (precision <= 0) return digitsAndDot.slice(0, firstDot);
  const intPart = digitsAndDot.slice(0, firstDot);
  const fracPart = digitsAndDot
    .slice(firstDot + 1)
    .replace(/\./g, '')
    .slice(0, precision);
  return `${intPart || '0'}${decimal}${fracPart}`;
}

/** A date in the user's language, in Jakarta time (where the product's users live). */
export function formatDate(ms: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'medium',
    timeZone: 'Asia/Jakarta',
  }).format(ms);
}

/** A date and time in the user's language, in Jakarta time. */
export function formatDateTime(ms: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Jakarta',
  }).format(ms);
}

/** A date and time to the second (state timelines, where steps are seconds apart), in Jakarta time. */
export function formatDateTimeSeconds(ms: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'id-ID', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Asia/Jakarta',
  }).format(ms);
}

/** A time of day to the second (trade prints), in Jakarta time. */
export function formatTimeSeconds(ms: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'id-ID', {
    timeStyle: 'medium',
    timeZone: 'Asia/Jakarta',
  }).format(ms);
}

/**
 * A price with its currency prefix (R9.09) and the locale's separators (R9.10), keeping exactly the
 * decimals the server sent: `1514937166` IDR → `Rp1.514.937.166` (id); `263.08` USD → `$263.08` (en).
 */
export function formatPrice(text: string, currency: CurrencyCode | null, locale: Locale): string {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const abs = negative ? trimmed.slice(1) : trimmed;
  const decimals = decimalsOf(abs);
  const digits = formatNumber(abs, locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${negative ? '-' : ''}${currency ? CURRENCY_PREFIX[currency] : ''}${digits}`;
}

/** A change in percent with 2 decimals and a sign (R9.05, R2.12): `+3,34%` / `-1,78%`. */
export function formatChangePct(text: string, locale: Locale): string {
  return formatPercent(text, locale, { signed: true });
}

/** Whether a change is up, down or flat (for colours and arrows). */
export function direction(text: string): 'up' | 'down' | 'flat' {
  const sign = signOf(text);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

/**
 * Plain decimal text (`"91071.6"`) in the locale's separators (R9.10), keeping its decimals; any other
 * text (already formatted, such as `"1,5 jt"`) is returned as it is.
 */
export function localizeDecimalText(text: string, locale: Locale): string {
  return /^-?\d+(\.\d+)?$/.test(text) ? formatPrice(text, null, locale) : text;
}

/** Coins keep every decimal the asset has (up to 10), cut not rounded: 0.001 BTC never shows as 0. */
export function formatQuantity(value: string, locale: Locale): string {
  return formatNumber(value, locale, { maximumFractionDigits: 10, rounding: 'trunc' });
}
