import Big from 'big.js';

/**
 * The one exact-decimal module. The API sends money, prices and quantities as decimal strings; every
 * sum, product, comparison and rounding on them goes through here, never through a float (R5.01,
 * R5.06, R5.08). Values are big.js numbers, so callers chain `plus`, `minus`, `times`, `div`, `gt`, …
 */
export type Decimal = Big;

/** Rounding modes of big.js, named. */
const ROUND_DOWN = 0;
const ROUND_HALF_UP = 1;
const ROUND_UP = 3;

const PLAIN_DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** Plain decimal text (`-12.5`, `+3`, `.5`) as a Decimal; null for anything else (`1e5`, `1.2.3`, ''). */
export function parseDecimal(text: string | null | undefined): Decimal | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) return null;
  return new Big(trimmed.replace(/^\+/, '').replace(/\.$/, ''));
}

/** Like parseDecimal, but a missing or malformed value counts as zero (sums, defaults). */
export function decimalOrZero(text: string | null | undefined): Decimal {
  return parseDecimal(text) ?? new Big(0);
}

/** A Decimal from a whole number (slider percentages, basis points). */
export function fromInteger(value: number): Decimal {
  return new Big(Math.trunc(value));
}

/** A strictly positive decimal, or null for empty, malformed, zero or negative text. */
export function positive(text: string | null | undefined): Decimal | null {
  const value = parseDecimal(text);
  return value && value.gt(0) ? value : null;
}

/** R5.01: cut toward zero to `places` decimals, never rounded. */
export function roundDown(value: Decimal, places: number): Decimal {
  return value.round(Math.max(0, places), ROUND_DOWN);
}

/** Away from zero to `places` decimals (fees and costs the user pays: never under-stated). */
export function roundUp(value: Decimal, places: number): Decimal {
  return value.round(Math.max(0, places), ROUND_UP);
}

/** Half away from zero to `places` decimals (percentages shown to the user). */
export function roundHalfUp(value: Decimal, places: number): Decimal {
  return value.round(Math.max(0, places), ROUND_HALF_UP);
}

/** Floored toward zero to a whole multiple of `step`. */
export function floorToMultiple(value: Decimal, step: Decimal): Decimal {
  return value.div(step).round(0, ROUND_DOWN).times(step);
}

/** a ÷ b × 100, rounded half away from zero to `places`; null when b is zero. */
export function percentOf(part: Decimal, whole: Decimal, places: number): Decimal | null {
  if (whole.eq(0)) return null;
  return roundHalfUp(part.times(100).div(whole), places);
}

/** Plain text without exponent; with `places`, exactly that many decimals (`1.50`), else as few as needed. */
export function toText(value: Decimal, places?: number): string {
  return places === undefined ? value.toFixed() : value.toFixed(places);
}

/** −1, 0 or 1; malformed text compares as zero. */
export function compareText(a: string, b: string): number {
  return decimalOrZero(a).cmp(decimalOrZero(b));
}

/** The sign of decimal text: −1, 0 or 1; missing or malformed text counts as zero (no float on the way). */
export function signOf(text: string | number | null | undefined): -1 | 0 | 1 {
  if (typeof text === 'number') return text > 0 ? 1 : text < 0 ? -1 : 0;
  const value = parseDecimal(text);
  return value === null ? 0 : (value.cmp(0) as -1 | 0 | 1);
}

/** Number of decimals written in decimal text (`"0.12890"` → 5): the server sends values at their precision. */
export function decimalsOf(text: string): number {
  const trimmed = text.trim();
  const dot = trimmed.indexOf('.');
  return dot < 0 ? 0 : trimmed.length - dot - 1;
}

/** A number or decimal text as plain text without an exponent: 1e-7 → `0.0000001`. */
export function toPlainDecimal(value: number | string): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/e/i.test(text)) return text;
  try {
    return new Big(text).toFixed();
  } catch {
    return text;
  }
}

/** R5.01: cuts (never rounds) to `precision` decimals: (1.999, 2) → `1.99`, (-1.999, 2) → `-1.99`. */
export function truncateDecimals(value: number | string, precision: number): string {
  const plain = toPlainDecimal(value);
  const [intPart = '0', fracPart = ''] = plain.split('.');
  const kept = fracPart.slice(0, Math.max(0, precision)).replace(/0+$/, '');
  const result = kept ? `${intPart}.${kept}` : intPart;
  return /^-0*(\.0*)?$/.test(result) ? '0' : result;
}
