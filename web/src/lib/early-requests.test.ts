import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, dataOf } from './api-client';
import { EARLY_MAX_AGE_MS, takeEarlyResponse } from './early-requests';

const url = (path: string) => `${window.location.origin}/api${path}`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const tickerCall = () =>
  dataOf(api.GET('/v1/markets/ticker', { params: { query: { symbol: 'BTC-IDR' } } })) as Promise<unknown>;

afterEach(() => {
  delete window.__early;
  vi.unstubAllGlobals();
});

describe('answers the page asked for before the app loaded', () => {
  it('are taken by the API client instead of asking again, once', async () => {
    window.__early = {
      [url('/v1/markets/ticker?symbol=BTC-IDR')]: { t: Date.now(), r: Promise.resolve(json({ data: { last: '1' } })) },
    };
    const fetch = vi.fn(() => Promise.resolve(json({ data: { last: '2' } })));
    vi.stubGlobal('fetch', fetch);
    await expect(tickerCall()).resolves.toEqual({ last: '1' });
    expect(fetch).not.toHaveBeenCalled();
    await expect(tickerCall()).resolves.toEqual({ last: '2' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are asked again when the early answer failed or was refused', async () => {
    const fetch = vi.fn(() => Promise.resolve(json({ data: { last: '2' } })));
    vi.stubGlobal('fetch', fetch);
    window.__early = {
      [url('/v1/markets/ticker?symbol=BTC-IDR')]: { t: Date.now(), r: Promise.reject(new Error('offline')) },
    };
    await expect(tickerCall()).resolves.toEqual({ last: '2' });
    window.__early = {
      [url('/v1/markets/ticker?symbol=BTC-IDR')]: { t: Date.now(), r: Promise.resolve(json({ error_code: 'x' }, 429)) },
    };
    await expect(tickerCall()).resolves.toEqual({ last: '2' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('are not taken when stale', () => {
    const now = Date.now();
    window.__early = { a: { t: now - EARLY_MAX_AGE_MS - 1, r: Promise.resolve(json({})) } };
    expect(takeEarlyResponse('a', now)).toBeNull();
    expect(window.__early).toEqual({});
    expect(takeEarlyResponse('b', now)).toBeNull();
  });
});
