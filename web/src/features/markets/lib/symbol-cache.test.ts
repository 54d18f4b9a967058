import { describe, expect, it } from 'vitest';
import type { CryptoInfo, SymbolInfo } from '../api/types';
import { SYMBOL_CACHE_TTL_MS, SymbolCache } from './symbol-cache';

function btc(name = 'Bitcoin'): CryptoInfo {
  return {
    assetClass: 'CRYPTO',
    id: 2,
    symbol: 'BTC-IDR',
    shortName: 'BTC',
    name,
    icon: 'crypto/btc.svg',
    enableProMode: true,
    liquiditySource: 'lp-pool',
    exchangeSymbols: {},
    pricePrecision: 0,
    enableBuy: true,
    enableSell: true,
    enableBuyForProMode: true,
    enableSellForProMode: true,
    tradingHalted: false,
    tradingHaltReason: null,
    bottomBannerMessage: null,
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  let now = 1_000_000;
  const calls: Array<ReturnType<typeof deferred<SymbolInfo>>> = [];
  const cache = new SymbolCache({
    load: () => {
      const call = deferred<SymbolInfo>();
      calls.push(call);
      return call.promise;
    },
    nowMs: () => now,
  });
  return { cache, calls, advance: (ms: number) => (now += ms) };
}

describe('symbol cache', () => {
  it('R9.02 keeps an entry for 10 minutes', () => {
    expect(SYMBOL_CACHE_TTL_MS).toBe(600_000);
  });

  it('R4.14 goes loading → available, sharing one call between concurrent readers', async () => {
    const { cache, calls } = setup();
    const first = cache.ensure('BTC-IDR');
    const second = cache.ensure('BTC-IDR');
    expect(cache.get('BTC-IDR').state).toBe('loading');
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(btc());
    await Promise.all([first, second]);
    expect(cache.get('BTC-IDR')).toMatchObject({ state: 'available', info: { name: 'Bitcoin' } });
    await cache.ensure('BTC-IDR');
    expect(calls).toHaveLength(1);
  });

  it('R4.14 marks an entry invalidated 10 minutes after load and reloads it while still showing the old info', async () => {
    const { cache, calls, advance } = setup();
    const load = cache.ensure('BTC-IDR');
    calls[0]!.resolve(btc());
    await load;
    advance(SYMBOL_CACHE_TTL_MS - 1);
    expect(cache.expire('BTC-IDR')).toBe(false);
    expect(cache.msUntilExpiry('BTC-IDR')).toBe(1);
    expect(cache.get('BTC-IDR').state).toBe('available');
    advance(1);
    expect(cache.expire('BTC-IDR')).toBe(true);
    expect(cache.get('BTC-IDR')).toMatchObject({ state: 'invalidated', info: { name: 'Bitcoin' } });
    const reload = cache.ensure('BTC-IDR');
    expect(calls).toHaveLength(2);
    expect(cache.get('BTC-IDR')).toMatchObject({ state: 'invalidated', info: { name: 'Bitcoin' } });
    calls[1]!.resolve(btc('Bitcoin (new)'));
    await reload;
    expect(cache.get('BTC-IDR')).toMatchObject({ state: 'available', info: { name: 'Bitcoin (new)' } });
  });

  it('R4.14 sets failed when the symbol-info call fails, and tries again on the next ensure', async () => {
    const { cache, calls } = setup();
    const load = cache.ensure('NOPE');
    calls[0]!.reject(new Error('unknown_symbol'));
    await load;
    expect(cache.get('NOPE')).toMatchObject({ state: 'failed', info: null });
    void cache.ensure('NOPE');
    expect(cache.get('NOPE').state).toBe('loading');
    expect(calls).toHaveLength(2);
  });

  it('applies live flags to the cached info without changing its expiry', async () => {
    const { cache, calls } = setup();
    const load = cache.ensure('BTC-IDR');
    calls[0]!.resolve(btc());
    await load;
    const before = cache.msUntilExpiry('BTC-IDR');
    cache.patchFlags('BTC-IDR', { enableBuy: false, enableSell: false, tradingHalted: true });
    expect(cache.get('BTC-IDR').info).toMatchObject({ tradingHalted: true, enableBuy: false });
    expect(cache.msUntilExpiry('BTC-IDR')).toBe(before);
  });

  it('notifies subscribers and returns the same entry object until something changes', async () => {
    const { cache, calls } = setup();
    let notified = 0;
    cache.subscribe(() => (notified += 1));
    const load = cache.ensure('BTC-IDR');
    const loading = cache.get('BTC-IDR');
    expect(cache.get('BTC-IDR')).toBe(loading);
    calls[0]!.resolve(btc());
    await load;
    expect(notified).toBe(2);
    expect(cache.get('BTC-IDR')).not.toBe(loading);
  });
});
