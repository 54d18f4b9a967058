import { compareText, decimalOrZero, parseDecimal, signOf } from '@/lib/decimal';
import type { PerpPosition } from '../api/types';

/** The colour of a profit: green above zero, red below, plain at zero. */
export function pnlColor(value: string): 'success.main' | 'error.main' | undefined {
  const sign = signOf(value);
  return sign > 0 ? 'success.main' : sign < 0 ? 'error.main' : undefined;
}

/** A signed amount as text: `+` before a profit (a loss has its own minus). */
export function signed(formatted: string, value: string): string {
  return signOf(value) > 0 ? `+${formatted}` : formatted;
}

/** Open positions, largest notional first (FLAT rows, if any, are not positions). */
export function openPositions(positions: readonly PerpPosition[]): PerpPosition[] {
  return positions
    .filter((position) => position.side !== 'FLAT' && signOf(position.size) > 0)
    .sort((a, b) => compareText(b.notional, a.notional) || a.symbol.localeCompare(b.symbol));
}

/** Whether a take-profit or stop-loss is on the right side of the mark for the position (the server's rule). */
export function protectionProblem(
  position: Pick<PerpPosition, 'side' | 'markPrice'>,
  takeProfit: string,
  stopLoss: string,
): 'takeProfitSide' | 'stopLossSide' | null {
  const mark = decimalOrZero(position.markPrice);
  const long = position.side === 'LONG';
  const tp = parseDecimal(takeProfit);
  const sl = parseDecimal(stopLoss);
  if (tp !== null && (long ? tp.lte(mark) : tp.gte(mark))) return 'takeProfitSide';
  if (sl !== null && (long ? sl.gte(mark) : sl.lte(mark))) return 'stopLossSide';
  return null;
}
