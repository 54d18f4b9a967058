import { decimalOrZero, parseDecimal, percentOf, roundDown, toText } from '@/lib/decimal';
import type { AssetHolding } from '../api/types';

const RUPIAH_DECIMALS = 2;

/**
 * The holdings' change over the ticker's period (24 h for crypto): each holding's quantity times its
 * price change per unit, summed; the percentage is of the value before the change. Holdings without a
 * known change count as unchanged. Null when nothing is held.
 */
export function dayChange(
  holdings: AssetHolding[],
  changeBySymbol: Record<string, string | undefined>,
): { amount: string; percent: string | null } | null {
  if (holdings.length === 0) return null;
  let change = decimalOrZero('0');
  let value = decimalOrZero('0');
  for (const holding of holdings) {
    const quantity = decimalOrZero(holding.quantity);
    value = value.plus(decimalOrZero(holding.currentValue));
    const perUnit = parseDecimal(changeBySymbol[holding.symbol]);
    if (perUnit) change = change.plus(quantity.times(perUnit));
  }
  const before = value.minus(change);
  const percent = before.gt(0) ? percentOf(change, before, 2) : null;
  return {
    amount: toText(roundDown(change, RUPIAH_DECIMALS), RUPIAH_DECIMALS),
    percent: percent ? toText(percent, 2) : null,
  };
}

/** Cash plus the holdings' current value: what the account is worth now. */
export function totalValue(cash: string | null, holdings: AssetHolding[]): string {
  let total = decimalOrZero(cash ?? '0');
  for (const holding of holdings) total = total.plus(decimalOrZero(holding.currentValue));
  return toText(roundDown(total, RUPIAH_DECIMALS), RUPIAH_DECIMALS);
}
