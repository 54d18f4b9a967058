import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { server } from '@/testing/msw';
import { ApiError, api, dataOf, parseRetryAfterSecs, withPolicy } from './api-client';
import { getCookie } from './cookies';
import { setNavigator } from './navigation';
import { useAppStore } from './store';

// Any path through the typed client: these tests are about the transport, not one call's types.
const callGet = (path: string) => dataOf(api.GET(path as '/v1/app/config'));
const callPost = (path: string, body?: unknown) => dataOf(api.POST(path as '/v1/client-logs', { body: body as never }));
/** The logout call as features/identity/api/logout.ts sends it: one of the session's own calls. */
const logoutCall = () => dataOf(api.POST('/v3/user/logout', { fetch: withPolicy({ sessionCall: true }) }));

const TOKEN = 'token-0123456789-abcdef';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function stubFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

function headerOf(call: unknown[], name: string): string | null {
  const init = call[1] as RequestInit;
  return new Headers(init.headers).get(name);
}

async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('headers', () => {
  it('R7.01 sends bearer token, x-platform, x-request-id, x-language-code and x-device-id on every call', async () => {
    useAppStore.getState().setAccessToken(TOKEN);
    useAppStore.getState().setLanguage('en');
    let seen: Headers | undefined;
    server.use(
      http.get('*/api/v1/echo', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ data: { ok: true } });
      }),
    );
    await expect(callGet('/v1/echo')).resolves.toEqual({ ok: true });
    expect(seen?.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(seen?.get('x-platform')).toBe('desktop-web');
    expect(seen?.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen?.get('x-language-code')).toBe('en');
    expect(seen?.get('x-device-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen?.get('x-firebase-id')).toBeNull();
  });

  it('R7.01 sends x-firebase-id on POST only, and keeps device and firebase ids across calls', async () => {
    const seen: Headers[] = [];
    server.use(
      http.post('*/api/v1/echo', ({ request }) => {
        seen.push(request.headers);
        return HttpResponse.json({ data: null });
      }),
    );
    await callPost('/v1/echo', { a: 1 });
    await callPost('/v1/echo', { a: 2 });
    expect(seen[0]?.get('x-firebase-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]?.get('x-firebase-id')).toBe(seen[0]?.get('x-firebase-id'));
    expect(seen[1]?.get('x-device-id')).toBe(seen[0]?.get('x-device-id'));
    expect(window.localStorage.getItem('deviceId')).toBe(seen[0]?.get('x-device-id'));
    expect(seen[1]?.get('x-request-id')).not.toBe(seen[0]?.get('x-request-id'));
    expect(seen[0]?.get('authorization')).toBeNull();
  });
});

describe('retries and timeout', () => {
  it('R8.05 retries a network error 3 times with 500 ms × attempt', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = settle(callGet('/v1/thing'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1499);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const { error } = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'network_error', status: 0 });
  });

  it('R8.05 reuses one x-request-id for all retries of a call, so the server can deduplicate them', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fetchMock = stubFetch(() => {
      calls += 1;
      return calls < 3 ? Promise.reject(new TypeError('offline')) : Promise.resolve(jsonResponse(200, { data: 'ok' }));
    });
    const result = settle(callPost('/v1/orders', { qty: 1 }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await result).toEqual({ value: 'ok' });
    const ids = fetchMock.mock.calls.map((call) => headerOf(call, 'x-request-id'));
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it('R8.05 retries 500, 502 and 504 for GET (idempotent) and then succeeds', async () => {
    vi.useFakeTimers();
    const statuses = [502, 504, 500];
    const fetchMock = stubFetch(() => {
      const status = statuses.shift();
      return Promise.resolve(
        status ? jsonResponse(status, { error_code: 'x', error_message: 'x' }) : jsonResponse(200, { data: 7 }),
      );
    });
    const result = settle(callGet('/v1/thing'));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await result).toEqual({ value: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('R8.05 does not retry a 500 answer to a POST (not idempotent), nor any 4xx', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(() =>
      Promise.resolve(jsonResponse(500, { error_code: 'internal', error_message: 'boom' })),
    );
    const post = settle(callPost('/v1/orders', {}));
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await post).error).toMatchObject({ status: 500, code: 'internal' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    for (const status of [400, 404, 409, 422]) {
      fetchMock.mockClear();
      fetchMock.mockImplementation(() =>
        Promise.resolve(jsonResponse(status, { error_code: 'e', error_message: 'm' })),
      );
      const get = settle(callGet('/v1/thing'));
      await vi.advanceTimersByTimeAsync(5_000);
      expect((await get).error).toMatchObject({ status });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('R8.05 retries 429 after the Retry-After the server asks for', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const fetchMock = stubFetch(() => {
      calls += 1;
      return Promise.resolve(
        calls === 1
          ? jsonResponse(429, { error_code: 'rate_limited', error_message: 'slow down' }, { 'Retry-After': '2' })
          : jsonResponse(200, { data: 'done' }),
      );
    });
    const result = settle(callPost('/v1/orders', {}));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await result).toEqual({ value: 'done' });
  });

  it('R9.01 gives each attempt 100000 ms and makes 3 retries before failing with a timeout', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = settle(callGet('/v1/slow'));
    await vi.advanceTimersByTimeAsync(99_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 500);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100_000 + 1_000 + 100_000 + 1_500 + 100_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const { error } = await result;
    expect(error).toMatchObject({ code: 'timeout', status: 0 });
  });
});

describe('errors', () => {
  it('R8.01 rejects with {code, message, status} taken from the error body', async () => {
    server.use(
      http.get('*/api/v1/thing', () =>
        HttpResponse.json({ error_code: 'not_found', error_message: 'Data tidak ditemukan' }, { status: 404 }),
      ),
    );
    const error = (await settle(callGet('/v1/thing'))).error as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect({ code: error.code, message: error.message, status: error.status }).toEqual({
      code: 'not_found',
      message: 'Data tidak ditemukan',
      status: 404,
    });
  });

  it('R7.12 shows the message as plain text: controls become spaces, a long one is cut short', async () => {
    const message = `Tidak valid\u0000\u202e <img src=x onerror=alert(1)>${'x'.repeat(1_000)}`;
    server.use(
      http.get('*/api/v1/thing', () =>
        HttpResponse.json({ error_code: 'invalid', error_message: message }, { status: 400 }),
      ),
    );
    const error = (await settle(callGet('/v1/thing'))).error as ApiError;
    expect(error.message.startsWith('Tidak valid <img src=x onerror=alert(1)>xxx')).toBe(true);
    expect(error.message.length).toBeLessThanOrEqual(301);
    expect(error.message.endsWith('x…')).toBe(true);
  });

  it('R8.01 uses a localised "Something went wrong" when the server gives no message', async () => {
    server.use(http.get('*/api/v1/thing', () => new HttpResponse('<html>bad gateway</html>', { status: 418 })));
    const idError = (await settle(callGet('/v1/thing'))).error as ApiError;
    expect(idError.message).toBe('Terjadi kesalahan');
    expect(idError.code).toBe('http_418');
    await i18n.changeLanguage('en');
    const enError = (await settle(callGet('/v1/thing'))).error as ApiError;
    expect(enError.message).toBe('Something went wrong');
  });

  it('R8.02 R4.19 a 503 sets under-maintenance with the message and Retry-After, without retrying', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v1/thing', () => {
        calls += 1;
        return HttpResponse.json(
          { error_code: 'maintenance', error_message: 'Kembali pukul 10.00' },
          { status: 503, headers: { 'Retry-After': '30' } },
        );
      }),
    );
    const { error } = await settle(callGet('/v1/thing'));
    expect(error).toMatchObject({ status: 503, code: 'maintenance', retryAfterSecs: 30 });
    expect(calls).toBe(1);
    expect(useAppStore.getState().misc).toMatchObject({
      underMaintenance: true,
      maintenanceMessage: 'Kembali pukul 10.00',
      maintenanceRetryAfterSecs: 30,
    });
  });

  it('R8.03 a 400 with code 040 or 041 sets the fetch-user-status flag', async () => {
    window.history.replaceState(null, '', '/portfolio');
    for (const code of ['040', '041']) {
      useAppStore.getState().updateAuth({ fetchUserStatus: false });
      server.use(
        http.get('*/api/v1/thing', () => HttpResponse.json({ error_code: code, error_message: 'x' }, { status: 400 })),
      );
      await settle(callGet('/v1/thing'));
      expect(useAppStore.getState().auth.fetchUserStatus).toBe(true);
    }
  });

  it('R8.03 other 400 codes, and 040 on a guest page, leave the flag alone', async () => {
    server.use(
      http.get('*/api/v1/thing', () => HttpResponse.json({ error_code: '042', error_message: 'x' }, { status: 400 })),
    );
    await settle(callGet('/v1/thing'));
    expect(useAppStore.getState().auth.fetchUserStatus).toBe(false);

    window.history.replaceState(null, '', '/trade/USDT-IDR');
    server.use(
      http.get('*/api/v1/thing', () => HttpResponse.json({ error_code: '040', error_message: 'x' }, { status: 400 })),
    );
    await settle(callGet('/v1/thing'));
    expect(useAppStore.getState().auth.fetchUserStatus).toBe(false);
  });
});

describe('forced logout', () => {
  function loggedInWithState() {
    const store = useAppStore.getState();
    store.setAccessToken(TOKEN);
    store.updateOrderEntry({ quantity: '1.5', leverage: 2 });
    store.updateChart({ activeChartId: 'c1' });
    store.setCoachmarkTour('start');
    document.cookie = `token=${TOKEN}; Path=/`;
    window.localStorage.setItem('accessToken', TOKEN);
    window.localStorage.setItem('pinTimestamp', '1700000000000');
  }

  it('R8.04 R4.18 a 401 or 403 clears the session and goes to the login route', async () => {
    for (const status of [401, 403]) {
      window.history.replaceState(null, '', '/portfolio?tab=spot');
      loggedInWithState();
      const navigate = vi.fn();
      setNavigator(navigate);
      server.use(
        http.get('*/api/v3/user/me', () =>
          HttpResponse.json({ error_code: 'unauthorized', error_message: 'x' }, { status }),
        ),
      );
      await settle(callGet('/v3/user/me'));
      const state = useAppStore.getState();
      expect(state.auth.accessToken).toBeNull();
      expect(state.trading.quantity).toBeNull();
      expect(state.chart.activeChartId).toBeNull();
      expect(state.misc.coachmarkTour).toBe('ended');
      expect(getCookie('token')).toBeNull();
      expect(window.localStorage.getItem('accessToken')).toBeNull();
      expect(window.localStorage.getItem('pinTimestamp')).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
      // R2.04: login brings the user back here.
      expect(getCookie('returnPath')).toBe('/portfolio?tab=spot');
    }
  });

  it('R8.04 an English page goes to the English login route', async () => {
    window.history.replaceState(null, '', '/en/portfolio');
    loggedInWithState();
    const navigate = vi.fn();
    setNavigator(navigate);
    server.use(
      http.get('*/api/v3/user/me', () =>
        HttpResponse.json({ error_code: 'unauthorized', error_message: 'x' }, { status: 401 }),
      ),
    );
    await settle(callGet('/v3/user/me'));
    expect(navigate).toHaveBeenCalledWith('/en/login', { replace: true });
  });

  it('R8.04 a 401 to the logout call itself does not force another logout', async () => {
    window.history.replaceState(null, '', '/portfolio');
    loggedInWithState();
    const navigate = vi.fn();
    setNavigator(navigate);
    server.use(
      http.post('*/api/v3/user/logout', () =>
        HttpResponse.json({ error_code: 'unauthorized', error_message: 'x' }, { status: 401 }),
      ),
    );
    await settle(logoutCall());
    expect(navigate).not.toHaveBeenCalled();
    expect(useAppStore.getState().auth.accessToken).toBe(TOKEN);
  });

  it('R8.04 R6.01 a 401 on a guest page (logged out) is not a forced logout', async () => {
    window.history.replaceState(null, '', '/trade/USDT-IDR');
    const navigate = vi.fn();
    setNavigator(navigate);
    useAppStore.getState().updateOrderEntry({ quantity: '3' });
    server.use(
      http.get('*/api/v1/thing', () =>
        HttpResponse.json({ error_code: 'unauthorized', error_message: 'x' }, { status: 401 }),
      ),
    );
    await settle(callGet('/v1/thing'));
    expect(navigate).not.toHaveBeenCalled();
    expect(useAppStore.getState().trading.quantity).toBe('3');
  });

  it('R2.05 on a PWA route a forced logout clears the session but does not navigate', async () => {
    window.history.replaceState(null, '', '/pwa/portfolio');
    loggedInWithState();
    const navigate = vi.fn();
    setNavigator(navigate);
    server.use(
      http.get('*/api/v1/thing', () =>
        HttpResponse.json({ error_code: 'forbidden', error_message: 'x' }, { status: 403 }),
      ),
    );
    await settle(callGet('/v1/thing'));
    expect(useAppStore.getState().auth.accessToken).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('parseRetryAfterSecs', () => {
  it('R8.02 reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfterSecs('12')).toBe(12);
    expect(parseRetryAfterSecs(null)).toBeNull();
    expect(parseRetryAfterSecs('soon')).toBeNull();
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfterSecs('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30);
  });
});
