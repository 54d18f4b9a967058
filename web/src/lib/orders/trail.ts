import { parseDecimal, positive, roundHalfUp, toText } from '@/lib/decimal';
import { formatPrice, localizeDecimalText, type CurrencyCode } from '@/lib/format';
import type { Locale } from '@/types';

/**
 * Trailing stops of every asset class (R4.10): a sell whose trigger follows the highest bid by a
 * distance in money or a percentage, rises with it and never falls.
 */
export type TrailBy = 'amount' | 'percent';

/** Decimals of a trailing percentage as typed (the servers keep up to four). */
export const TRAIL_PERCENT_DECIMALS = 2;

/** What is wrong with a trail: nothing typed, a percentage of 100 or more, a distance as large as the price. */
export type TrailProblem = 'trailMissing' | 'trailPercentRange' | 'trailTooWide';

/**
 * R4.10: a trail is above zero, a percentage below 100, and a distance below the price it trails
 * (checked when that price is known), as the servers require.
 */
export function trailProblem(trailBy: TrailBy, trail: string, price?: string | null): TrailProblem | null {
  const distance = positive(trail);
  if (!distance) return 'trailMissing';
  if (trailBy === 'percent') return distance.gte(100) ? 'trailPercentRange' : null;
  const reference = positive(price);
  return reference && distance.gte(reference) ? 'trailTooWide' : null;
}

/**
 * Where the stop starts: its trail below `price` (the best bid now). A percentage is rounded half up
 * to the price's `decimals`, as the server rounds it to its price unit. Null while the trail is unusable.
 */
export function initialTrigger(
  trailBy: TrailBy,
  trail: string,
  price: string | null | undefined,
  decimals: number,
): string | null {
  const reference = positive(price);
  const distance = parseDecimal(trail);
  if (!reference || !distance || trailProblem(trailBy, trail, price)) return null;
  const offset = trailBy === 'amount' ? distance : roundHalfUp(reference.times(distance).div(100), decimals);
  return toText(reference.minus(offset));
}

/** The request's trail: exactly one of the distance or the percentage (R4.10). */
export function trailBody(trailBy: TrailBy, trail: string): { trailAmount: string } | { trailPercent: string } {
  return trailBy === 'amount' ? { trailAmount: trail.trim() } : { trailPercent: trail.trim() };
}

/** A trailing order's distance as the lists and reviews show it: `5%` or `Rp1.000.000`. */
export function formatTrail(
  order: { trailAmount?: string | null; trailPercent?: string | null },
  currency: CurrencyCode,
  locale: Locale,
): string | null {
  if (order.trailPercent) return `${localizeDecimalText(order.trailPercent, locale)}%`;
  if (order.trailAmount) return formatPrice(order.trailAmount, currency, locale);
  return null;
}
