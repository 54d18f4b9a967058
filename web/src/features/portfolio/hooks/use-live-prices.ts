import { useEffect, useState } from 'react';
import { getLiveClient } from '@/lib/live/live-client';

interface TickerFrameData {
  symbol?: string;
  last?: string;
  change?: string;
}

/**
 * The last trade price of each symbol from its `ticker:` channel on `/ws`, while mounted. Prices the
 * server has not sent yet are absent (the holdings' own figures stand in for them).
 */
export function useLivePrices(symbols: string[]): Record<string, string> {
  const [prices, setPrices] = useState<Record<string, string>>({});
  // A stable dependency: the same set of symbols in any order does not resubscribe.
  const key = [...new Set(symbols)].sort().join(',');
  useEffect(() => {
    if (!key) return undefined;
    const client = getLiveClient();
    const offs = key.split(',').map((symbol) =>
      client.subscribe(`ticker:${symbol}`, (frame) => {
        const data = frame.data as TickerFrameData | null;
        if (frame.type !== 'ticker' || data?.symbol !== symbol || typeof data.last !== 'string') return;
        const last = data.last;
        setPrices((current) => (current[symbol] === last ? current : { ...current, [symbol]: last }));
      }),
    );
    return () => offs.forEach((off) => off());
  }, [key]);
  return prices;
}

/** The price change per unit over the ticker's period (24 h for crypto), per symbol, from `ticker:` frames. */
export function useLiveChanges(symbols: string[]): Record<string, string> {
  const [changes, setChanges] = useState<Record<string, string>>({});
  const key = [...new Set(symbols)].sort().join(',');
  useEffect(() => {
    if (!key) return undefined;
    const client = getLiveClient();
    const offs = key.split(',').map((symbol) =>
      client.subscribe(`ticker:${symbol}`, (frame) => {
        const data = frame.data as TickerFrameData | null;
        if (frame.type !== 'ticker' || data?.symbol !== symbol || typeof data.change !== 'string') return;
        const change = data.change;
        setChanges((current) => (current[symbol] === change ? current : { ...current, [symbol]: change }));
      }),
    );
    return () => offs.forEach((off) => off());
  }, [key]);
  return changes;
}
