import { useEffect, useSyncExternalStore } from 'react';
import { useLiveChannel } from '@/lib/live/use-live-channel';
import type { AssetFlags } from '../api/types';
import type { SymbolCache, SymbolCacheEntry } from '../lib/symbol-cache';

/**
 * An entry of a symbol cache (R4.14): loads it when missing, failed or invalidated, reloads it when
 * its 10 minutes run out while the page stays open, and applies live `flags:SYMBOL` frames so a halt
 * shows at once.
 */
export function useCachedSymbol(cache: SymbolCache, key: string, liveSymbol: string | null): SymbolCacheEntry {
  const entry = useSyncExternalStore(
    (notify) => cache.subscribe(notify),
    () => cache.get(key),
    () => cache.get(key),
  );

  useEffect(() => {
    void cache.ensure(key);
  }, [cache, key]);

  useEffect(() => {
    if (entry.state === 'invalidated') {
      void cache.ensure(key);
      return undefined;
    }
    const left = cache.msUntilExpiry(key);
    if (left === null) return undefined;
    const timer = setTimeout(() => {
      if (cache.expire(key)) void cache.ensure(key);
    }, left);
    return () => clearTimeout(timer);
  }, [cache, key, entry]);

  useLiveChannel<AssetFlags>(liveSymbol ? `flags:${liveSymbol}` : null, (frame) => {
    if (frame.type === 'flags' && liveSymbol) cache.patchFlags(liveSymbol, frame.data);
  });

  return entry;
}
