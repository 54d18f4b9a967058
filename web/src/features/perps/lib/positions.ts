import type { PerpPosition } from '../api/types';

/** The colour of a profit: green above zero, red below, plain at zero. */
export function pnlColor(value: string): 'success.main' | 'error.main' | undefined {
  const number = Number(value);
  if (number > 0) return 'success.main';
  if (number < 0) return 'error.main';
  return undefined;
}

/** A signed amount as text: `+` before a profit (a loss has its own minus). */
export function signed(formatted: string, value: string): string {
  return Number(value) > 0 ? `+${formatted}` : formatted;
}

/** Open positions, largest notional first (FLAT rows, if any, are not positions). */
export function openPositions(positions: readonly PerpPosition[]): PerpPosition[] {
  return positions
    .filter((position) => position.side !== 'FLAT' && Number(position.size) > 0)
    .sort((a, b) => Number(b.notional) - Number(a.notional) || a.symbol.localeCompare(b.symbol));
}

/** Whether a take-profit or stop-loss is on the right side of the mark for the position (the server's rule). */
export function protectionProblem(
  position: Pick<PerpPosition, 'side' | 'markPrice'>,
  takeProfit: string,
  stopLoss: string,
): 'takeProfitSide' | 'stopLossSide' | null {
  const mark = Number(position.markPrice);
  const long = position.side === 'LONG';
  const tp = takeProfit.trim() === '' ? null : Number(takeProfit);
  const sl = stopLoss.trim() === '' ? null : Number(stopLoss);
  if (tp !== null && (long ? tp <= mark : tp >= mark)) return 'takeProfitSide';
  if (sl !== null && (long ? sl >= mark : sl <= mark)) return 'stopLossSide';
  return null;
}
