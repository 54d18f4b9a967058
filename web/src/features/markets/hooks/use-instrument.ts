import { useTicker } from '../api/get-tickers';
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

/** An asset page's instrument, checked against its class and id (`/asset/{segment}/{symbol}/{assetId}`). */
export function useAssetInstrument(segment: string, symbol: string, assetId: string): Instrument {
  const entry = useCachedSymbol(assetCache, `${segment}/${symbol}/${assetId}`, symbol);
  const ticker = useTicker(symbol);
  return { entry, ticker: useLiveTicker(symbol, ticker.data) };
}
