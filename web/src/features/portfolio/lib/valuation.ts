import { decimalOrZero, parseDecimal, percentOf, roundDown, toText } from '@/lib/decimal';
import type { AssetHolding } from '../api/types';

/** Rupiah amounts carry two decimals, as the server sends them. */
const RUPIAH_DECIMALS = 2;

/**
 * A holding revalued at a live price (the ticker's last trade): current value, unrealised profit and
 * its percentage of the cost, computed exactly like the server does. Without a usable price the
 * server's own figures stay.
 */
export function revalue(holding: AssetHolding, livePrice: string | null | undefined): AssetHolding {
  const price = parseDecimal(livePrice);
  const quantity = parseDecimal(holding.quantity);
  const invested = parseDecimal(holding.investedAmount);
  if (!price || price.lte(0) || !quantity || !invested) return holding;
  // A holding is worth what a sale would truncate to.
  const value = roundDown(quantity.times(price), RUPIAH_DECIMALS);
  const profit = value.minus(invested);
  const percent = percentOf(profit, invested, 2);
  return {
    ...holding,
    currentPrice: livePrice ?? holding.currentPrice,
    currentValue: toText(value, RUPIAH_DECIMALS),
    unrealisedProfit: toText(roundDown(profit, RUPIAH_DECIMALS), RUPIAH_DECIMALS),
    unrealisedProfitPercentage: percent ? toText(percent, 2) : null,
  };
}

/** The totals row: what the crypto holdings cost, are worth and gained (nulls count as zero). */
export function totals(holdings: AssetHolding[]): { invested: string; value: string; profit: string } {
  let invested = decimalOrZero('0');
  let value = decimalOrZero('0');
  for (const holding of holdings) {
    invested = invested.plus(decimalOrZero(holding.investedAmount));
    value = value.plus(decimalOrZero(holding.currentValue));
  }
  const profit = value.minus(invested);
  return {
    invested: toText(roundDown(invested, RUPIAH_DECIMALS), RUPIAH_DECIMALS),
    value: toText(roundDown(value, RUPIAH_DECIMALS), RUPIAH_DECIMALS),
    profit: toText(roundDown(profit, RUPIAH_DECIMALS), RUPIAH_DECIMALS),
  };
}
