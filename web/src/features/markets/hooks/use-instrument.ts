import type { QueryClient } from '@tanstack/react-query';
import { tickerQueryOptions, useTicker } from '../api/get-tickers';
import { assetCache, symbolCache } from '../api/get-symbol-info';
import type { Ticker } from '../api/types';
import type { SymbolCacheEntry } from '../lib/symbol-cache';
import { useCachedSymbol } from './use-cached-symbol';
import { useLiveTicker } from './use-live-ticker';

export interface Instrument {
  entry: SymbolCacheEntry;
  ticker: Ticker | undefined;
}

/** The trade page's instrument: cached symbol info (R4.14) with live flags, and its live ticker. */
export function useTradeInstrument(symbol: string): Instrument {
  const entry = useCachedSymbol(symbolCache, symbol, symbol);
  const ticker = useTicker(symbol);
  return { entry, ticker: useLiveTicker(symbol, ticker.data) };
}

/**
 * Loads a trade page's instrument (its symbol info and ticker) into the caches `useTradeInstrument`
 * reads, so a render after it shows the instrument at once; a failed load is left to the page.
 */
export async function loadTradeInstrument(symbol: string, client: QueryClient): Promise<void> {
  await Promise.allSettled([symbolCache.ensure(symbol), client.ensureQueryData(tickerQueryOptions(symbol))]);
}

/** An asset page's instrument, checked against its class and id (`/asset/{segment}/{symbol}/{assetId}`). */
export function useAssetInstrument(segment: string, symbol: string, assetId: string): Instrument {
  const entry = useCachedSymbol(assetCache, `${segment}/${symbol}/${assetId}`, symbol);
  const ticker = useTicker(symbol);
  return { entry, ticker: useLiveTicker(symbol, ticker.data) };
}
