import { useState } from 'react';
import { useLiveChannel } from '@/lib/live/use-live-channel';
import type { TradePrint } from '../api/types';
import { addTrade, isTradePrint } from '../lib/trades';

/**
 * The instrument's latest trade prints from the public `trades:SYMBOL` channel on `/ws`, newest
 * first. The server keeps no trade history to read over HTTP, so the list starts with the channel's
 * last print (if any) and grows while the page is open.
 */
export function useRecentTrades(symbol: string): TradePrint[] {
  const [state, setState] = useState<{ symbol: string; trades: TradePrint[] }>({ symbol, trades: [] });
  useLiveChannel(`trades:${symbol}`, (frame) => {
    if (frame.type !== 'trade' || !isTradePrint(frame.data, symbol)) return;
    const print = frame.data;
    setState((current) => ({
      symbol,
      trades: addTrade(current.symbol === symbol ? current.trades : [], print),
    }));
  });
  return state.symbol === symbol ? state.trades : [];
}
