import type { AssetHolding } from '../api/types';
import { formatDec, mulDec, parseDec, percentDec, subDec, truncDec } from './decimal';

/** Rupiah amounts carry two decimals, as the server sends them. */
const RUPIAH_DECIMALS = 2;

/**
 * A holding revalued at a live price (the ticker's last trade): current value, unrealised profit and
 * its percentage of the cost, computed exactly like the server does. Without a usable price the
 * server's own figures stay.
 */
export function revalue(holding: AssetHolding, livePrice: string | null | undefined): AssetHolding {
  const price = parseDec(livePrice);
  const quantity = parseDec(holding.quantity);
  const invested = parseDec(holding.investedAmount);
  if (!price || price.units <= 0n || !quantity || !invested) return holding;
  const value = truncDec(mulDec(quantity, price), RUPIAH_DECIMALS);
  const profit = subDec(value, invested);
  const percent = percentDec(profit, invested, 2);
  return {
    ...holding,
    currentPrice: livePrice ?? holding.currentPrice,
    currentValue: formatDec(value),
    unrealisedProfit: formatDec(truncDec(profit, RUPIAH_DECIMALS)),
    unrealisedProfitPercentage: percent ? formatDec(percent) : null,
  };
}

/** The totals row: what the crypto holdings cost, are worth and gained (nulls count as zero). */
export function totals(holdings: AssetHolding[]): { invested: string; value: string; profit: string } {
  let invested = parseDec('0.00')!;
  let value = parseDec('0.00')!;
  for (const holding of holdings) {
    const cost = parseDec(holding.investedAmount);
    const worth = parseDec(holding.currentValue);
    if (cost) invested = subDec(invested, { units: -cost.units, scale: cost.scale });
    if (worth) value = subDec(value, { units: -worth.units, scale: worth.scale });
  }
  const profit = subDec(value, invested);
  return {
    invested: formatDec(truncDec(invested, RUPIAH_DECIMALS)),
    value: formatDec(truncDec(value, RUPIAH_DECIMALS)),
    profit: formatDec(truncDec(profit, RUPIAH_DECIMALS)),
  };
}
