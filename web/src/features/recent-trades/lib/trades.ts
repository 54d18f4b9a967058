import type { TradePrint } from '../api/types';

/** Prints kept per instrument (newest first); older ones fall off. */
export const RECENT_TRADES_MAX = 30;

/** Whether a frame's data is a usable print of `symbol` (the socket is untyped input). */
export function isTradePrint(data: unknown, symbol: string): data is TradePrint {
  if (typeof data !== 'object' || data === null) return false;
  const print = data as Partial<TradePrint>;
  return (
    print.symbol === symbol &&
    typeof print.price === 'string' &&
    typeof print.quantity === 'string' &&
    (print.side === 'BUY' || print.side === 'SELL') &&
    typeof print.time === 'number'
  );
}

/**
 * Adds a print on top, newest first, at most `max`. The same print twice (the live client replays a
 * channel's last frame to a listener that joins late) is kept once.
 */
export function addTrade(list: readonly TradePrint[], print: TradePrint, max = RECENT_TRADES_MAX): TradePrint[] {
  const duplicate = list.some(
    (t) => t.time === print.time && t.price === print.price && t.quantity === print.quantity && t.side === print.side,
  );
  if (duplicate) return list as TradePrint[];
  return [print, ...list].sort((a, b) => b.time - a.time).slice(0, max);
}
