import { formatNumber } from '@/lib/format';
import type { Locale } from '@/types';

/** Coins keep every decimal the asset has (up to 10), cut not rounded: 0.001 BTC never shows as 0. */
export function formatQuantity(value: string, locale: Locale): string {
  return formatNumber(value, locale, { maximumFractionDigits: 10, rounding: 'trunc' });
}
