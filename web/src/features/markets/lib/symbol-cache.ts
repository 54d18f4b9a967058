import type { AssetFlags, SymbolInfo } from '../api/types';

/**
 * The symbol cache (R4.14, R9.02): what the trade and asset pages know about an instrument (its
 * R3.13 info and trading flags), with the four states of SPEC.md:
 *
 * - `loading`: the first load is on its way (nothing to show yet);
 * - `available`: loaded less than 10 minutes ago;
 * - `invalidated`: loaded 10 minutes ago or more; the old info stays visible while it is reloaded;
 * - `failed`: the symbol-info call failed (unknown symbol, network); a later `ensure` tries again.
 *
 * Flags also arrive live on `flags:SYMBOL`; `patchFlags` applies them without touching the expiry.
 */
export type SymbolCacheState = 'loading' | 'invalidated' | 'available' | 'failed';

/** R9.02: an entry expires this long after it was loaded. */
export const SYMBOL_CACHE_TTL_MS = 10 * 60_000;

export interface SymbolCacheEntry {
  state: SymbolCacheState;
  info: SymbolInfo | null;
  loadedAtMs: number | null;
  error: unknown;
}

const EMPTY: SymbolCacheEntry = Object.freeze({ state: 'loading', info: null, loadedAtMs: null, error: null });

export interface SymbolCacheOptions {
  load: (key: string) => Promise<SymbolInfo>;
  nowMs?: () => number;
  ttlMs?: number;
}

export class SymbolCache {
  private readonly entries = new Map<string, SymbolCacheEntry>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly load: (key: string) => Promise<SymbolInfo>;
  private readonly nowMs: () => number;
  readonly ttlMs: number;

  constructor(options: SymbolCacheOptions) {
    this.load = options.load;
    this.nowMs = options.nowMs ?? Date.now;
    this.ttlMs = options.ttlMs ?? SYMBOL_CACHE_TTL_MS;
  }

  /** The entry of a key; a key never asked for reads as `loading` with no info. Stable between changes. */
  get(key: string): SymbolCacheEntry {
    return this.entries.get(key) ?? EMPTY;
  }

  /** Milliseconds until an available entry expires (0 when it already has), null when not available. */
  msUntilExpiry(key: string): number | null {
    const entry = this.entries.get(key);
    if (entry?.state !== 'available' || entry.loadedAtMs === null) return null;
    return Math.max(0, entry.loadedAtMs + this.ttlMs - this.nowMs());
  }

  /** Marks the entry invalidated when its 10 minutes are over; returns whether it is now invalidated. */
  expire(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.state === 'invalidated') return true;
    const left = this.msUntilExpiry(key);
    if (left === null || left > 0) return false;
    this.set(key, { ...entry, state: 'invalidated' });
    return true;
  }

  /**
   * Loads the key unless it is available (and not expired) or already loading. Concurrent callers
   * share one call.
   */
  ensure(key: string): Promise<void> {
    this.expire(key);
    const entry = this.entries.get(key);
    if (entry?.state === 'available') return Promise.resolve();
    const running = this.inFlight.get(key);
    if (running) return running;
    // An invalidated entry keeps showing its info while it reloads; only a first load is `loading`.
    if (!entry || entry.state === 'failed') this.set(key, { ...(entry ?? EMPTY), state: 'loading', error: null });
    const flight = this.load(key)
      .then(
        (info) => this.set(key, { state: 'available', info, loadedAtMs: this.nowMs(), error: null }),
        (error: unknown) => this.set(key, { state: 'failed', info: null, loadedAtMs: null, error }),
      )
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, flight);
    return flight;
  }

  /** Applies live trading flags (from `flags:SYMBOL`) to every entry of that symbol. */
  patchFlags(symbol: string, flags: Partial<AssetFlags>): void {
    for (const [key, entry] of this.entries) {
      if (!entry.info || symbolOfInfo(entry.info) !== symbol) continue;
      this.set(key, { ...entry, info: { ...entry.info, ...flags } as SymbolInfo });
    }
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets everything (tests). */
  clear(): void {
    this.entries.clear();
    this.inFlight.clear();
    this.notify();
  }

  private set(key: string, entry: SymbolCacheEntry): void {
    this.entries.set(key, entry);
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** The trading symbol of an info (US stocks carry it as `cc`). */
export function symbolOfInfo(info: SymbolInfo): string {
  return info.assetClass === 'US_STOCK' ? info.cc : info.symbol;
}
