import { CURRENCY_PREFIX, formatNumber, formatPercent, type CurrencyCode } from './format';
import type { Locale } from '@/types';

/** Decimals written in a server price (`"0.12890"` → 5); the server sends prices at their precision. */
export function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
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
  return formatPercent(Number(text), locale, { signed: true });
}

/** Whether a change is up, down or flat (for colours and arrows). */
export function direction(text: string): 'up' | 'down' | 'flat' {
  const value = Number(text);
  if (value > 0) return 'up';
  if (value < 0) return 'down';
  return 'flat';
}

/**
 * Plain decimal text (`"91071.6"`) in the locale's separators (R9.10), keeping its decimals; any other
 * text (already formatted, such as `"1,5 jt"`) is returned as it is.
 */
export function localizeDecimalText(text: string, locale: Locale): string {
  return /^-?\d+(\.\d+)?$/.test(text) ? formatPrice(text, null, locale) : text;
}
