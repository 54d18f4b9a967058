import { useEffect, useState } from 'react';
import { getLiveClient } from '@/lib/live/live-client';

interface TickerFrameData {
  symbol?: string;
  last?: string;
  change?: string;
}

/** One string field of each symbol's `ticker:` frames on `/ws`, while mounted; absent until sent. */
function useTickerField(symbols: string[], field: 'last' | 'change'): Record<string, string> {
  const [values, setValues] = useState<Record<string, string>>({});
  // A stable dependency: the same set of symbols in any order does not resubscribe.
  const key = [...new Set(symbols)].sort().join(',');
  useEffect(() => {
    if (!key) return undefined;
    const client = getLiveClient();
    const offs = key.split(',').map((symbol) =>
      client.subscribe(`ticker:${symbol}`, (frame) => {
        const data = frame.data as TickerFrameData | null;
        const value = data?.[field];
        if (frame.type !== 'ticker' || data?.symbol !== symbol || typeof value !== 'string') return;
        setValues((current) => (current[symbol] === value ? current : { ...current, [symbol]: value }));
      }),
    );
    return () => offs.forEach((off) => off());
  }, [key, field]);
  return values;
}

/**
 * The last trade price of each symbol from its `ticker:` channel on `/ws`, while mounted. Prices the
 * server has not sent yet are absent (the holdings' own figures stand in for them).
 */
export function useLivePrices(symbols: string[]): Record<string, string> {
  return useTickerField(symbols, 'last');
}

/** The price change per unit over the ticker's period (24 h for crypto), per symbol, from `ticker:` frames. */
export function useLiveChanges(symbols: string[]): Record<string, string> {
  return useTickerField(symbols, 'change');
}
