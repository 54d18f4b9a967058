import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLiveChannel } from '@/lib/live/use-live-channel';
import { tickerQueryOptions } from '../api/get-tickers';
import type { Ticker } from '../api/types';

/**
 * A symbol's ticker kept live by `ticker:SYMBOL`: starts from `initial` (the class list or the
 * ticker call) and replaces it with every frame. Frames also refresh the ticker query's cache so the
 * page header and the rows agree.
 */
export function useLiveTicker(symbol: string, initial: Ticker | undefined): Ticker | undefined {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<Ticker | undefined>(undefined);
  useLiveChannel<Ticker>(`ticker:${symbol}`, (frame) => {
    if (frame.type !== 'ticker' || frame.data.symbol !== symbol) return;
    setLive(frame.data);
    queryClient.setQueryData(tickerQueryOptions(symbol).queryKey, frame.data);
  });
  if (live && live.symbol === symbol && (!initial || live.time >= initial.time)) return live;
  return initial;
}
