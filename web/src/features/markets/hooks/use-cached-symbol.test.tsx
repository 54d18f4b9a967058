import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, setLiveClient } from '@/lib/live/live-client';
import { TestSocket } from '@/testing/test-socket';
import type { OtherInfo } from '../api/types';
import { SYMBOL_CACHE_TTL_MS, SymbolCache } from '../lib/symbol-cache';
import { useCachedSymbol } from './use-cached-symbol';

const gold = (halted: boolean): OtherInfo => ({
  assetClass: 'GOLD',
  id: 1,
  symbol: 'GOLD-IDR',
  name: 'Emas',
  enableBuy: !halted,
  enableSell: !halted,
  enableBuyForProMode: !halted,
  enableSellForProMode: !halted,
  tradingHalted: halted,
});

let socket: TestSocket;

beforeEach(() => {
  vi.useFakeTimers();
  setLiveClient(
    new LiveClient({
      url: () => 'ws://test/ws',
      createSocket: () => {
        socket = new TestSocket(1);
        return socket;
      },
    }),
  );
});

afterEach(() => {
  setLiveClient(null);
  vi.useRealTimers();
});

describe('useCachedSymbol', { timeout: 20_000 }, () => {
  it('R4.14 R9.02 reloads the symbol 10 minutes after it was loaded while the page stays open', async () => {
    const load = vi.fn(() => Promise.resolve(gold(false)));
    const cache = new SymbolCache({ load });
    const { result } = renderHook(() => useCachedSymbol(cache, 'GOLD-IDR', 'GOLD-IDR'));
    expect(result.current.state).toBe('loading');
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.state).toBe('available');
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(SYMBOL_CACHE_TTL_MS - 1);
      await Promise.resolve();
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
      await Promise.resolve();
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current.state).toBe('available');
  });

  it('R4.13 applies a live flags frame to the cached info', async () => {
    const cache = new SymbolCache({ load: () => Promise.resolve(gold(false)) });
    const { result } = renderHook(() => useCachedSymbol(cache, 'GOLD-IDR', 'GOLD-IDR'));
    await act(async () => {
      await Promise.resolve();
    });
    act(() => {
      socket.onmessage?.({
        data: JSON.stringify({
          type: 'flags',
          channel: 'flags:GOLD-IDR',
          data: { ...gold(true), tradingHaltReason: null },
        }),
      });
    });
    expect(result.current.info).toMatchObject({ tradingHalted: true, enableBuy: false });
  });
});
