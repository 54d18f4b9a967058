import { useEffect, useState } from 'react';
import { getLiveClient } from '@/lib/live/live-client';

interface TickerFrameData {
  symbol?: string;
  last?: string;
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
