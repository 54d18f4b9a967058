import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiError, logIn } from '@/testing/auth';
import { server } from '@/testing/msw';
import { api, dataOf, withPolicy } from './api-client';
import { getCookie } from './cookies';
import { setNavigator } from './navigation';
import { useAppStore } from './store';

// Any path through the typed client: these tests are about the transport, not one call's types.
const callGet = (path: string) => dataOf(api.GET(path as '/v1/app/config'));
const callPost = (path: string, body?: unknown) => dataOf(api.POST(path as '/v1/client-logs', { body: body as never }));
/** The logout call as features/identity/api/logout.ts sends it: one of the session's own calls. */
const logoutCall = () => dataOf(api.POST('/v3/user/logout', { fetch: withPolicy({ sessionCall: true }) }));

const NEW_ACCESS = 'renewed-access-token-0123456789';
const NEW_REFRESH = 'renewed-refresh-token-0123456789';

function refreshHandler(counter: { calls: number; bodies: unknown[] }, ok = true) {
  return http.post('*/api/v1/user/token/refresh', async ({ request }) => {
    counter.calls += 1;
    counter.bodies.push(await request.json());
    await new Promise((resolve) => setTimeout(resolve, 20));
    return ok
      ? HttpResponse.json({
          data: { accessToken: NEW_ACCESS, refreshToken: NEW_REFRESH, expiresInSecs: 900, sessionId: 's1' },
        })
      : apiError(401, 'refresh_invalid', 'Sesi berakhir. Silakan masuk lagi.');
  });
}

/** A call that wants the renewed token. */
function protectedHandler(seen: string[]) {
  return http.get('*/api/v3/user/me', ({ request }) => {
    const auth = request.headers.get('Authorization') ?? '';
    seen.push(auth);
    return auth === `Bearer ${NEW_ACCESS}`
      ? HttpResponse.json({ data: { id: 'u1' } })
      : apiError(401, 'unauthorized', 'Sesi berakhir.');
  });
}

describe('silent token refresh', () => {
  it('R8.04 a 401 first renews the tokens once and repeats the call; concurrent calls share one refresh', async () => {
    window.history.replaceState(null, '', '/account');
    logIn();
    const navigate = vi.fn();
    setNavigator(navigate);
    const refresh = { calls: 0, bodies: [] as unknown[] };
    const seen: string[] = [];
    server.use(refreshHandler(refresh), protectedHandler(seen));

    const results = await Promise.all([callGet('/v3/user/me'), callGet('/v3/user/me')]);

    expect(results).toEqual([{ id: 'u1' }, { id: 'u1' }]);
    expect(refresh.calls).toBe(1);
    expect(refresh.bodies[0]).toEqual({ refreshToken: 'refresh-token-0123456789' });
    expect(seen.filter((auth) => auth === `Bearer ${NEW_ACCESS}`)).toHaveLength(2);
    expect(useAppStore.getState().auth.accessToken).toBe(NEW_ACCESS);
    expect(getCookie('token')).toBe(NEW_ACCESS);
    expect(localStorage.getItem('refreshToken')).toBe(NEW_REFRESH);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('R8.04 R4.18 when the refresh fails the 401 forces the logout and remembers the page', async () => {
    window.history.replaceState(null, '', '/account/profile');
    logIn();
    const navigate = vi.fn();
    setNavigator(navigate);
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(refreshHandler(refresh, false), protectedHandler([]));

    await expect(callGet('/v3/user/me')).rejects.toMatchObject({ status: 401 });

    expect(refresh.calls).toBe(1);
    expect(useAppStore.getState().auth.accessToken).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('pinTimestamp')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(getCookie('returnPath')).toBe('/account/profile');
  });

  it('R8.04 the logout call is never refreshed nor does it force a logout', async () => {
    window.history.replaceState(null, '', '/account');
    logIn();
    const navigate = vi.fn();
    setNavigator(navigate);
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(
      refreshHandler(refresh),
      http.post('*/api/v3/user/logout', () => apiError(401, 'unauthorized', 'x')),
    );
    await expect(logoutCall()).rejects.toMatchObject({ status: 401 });
    expect(refresh.calls).toBe(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('R8.04 without a session a 401 is not refreshed (a login-page answer stays an answer)', async () => {
    window.history.replaceState(null, '', '/login');
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(
      refreshHandler(refresh),
      http.post('*/api/v1/user/login/phone', () => apiError(401, 'unauthorized', 'x')),
    );
    await expect(callPost('/v1/user/login/phone', { phone: '0812' })).rejects.toMatchObject({ status: 401 });
    expect(refresh.calls).toBe(0);
  });
});
