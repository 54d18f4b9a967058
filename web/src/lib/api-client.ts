import {
  REQUEST_RETRIES_MAX,
  REQUEST_TIMEOUT_MS,
  RETRY_AFTER_WAIT_MAX_MS,
  RETRY_DELAY_STEP_MS,
} from '@/config/constants';
import createClient from 'openapi-fetch';
import { API_BASE } from '@/config/paths';
import { i18n } from '@/i18n';
import type { paths } from '@/api/schema';
import type { ErrorBody } from '@/api/types';
import { readRefreshToken, storeSessionTokens } from './auth-tokens';
import { isGuestPage } from './guest';
import { takeEarlyResponse } from './early-requests';
import { getDeviceId, getFirebaseId, uuid } from './ids';
import { currentPathname } from './navigation';
import { sanitizeServerText } from './server-text';
import { forceLogout } from './session';
import { useAppStore } from './store';

/**
 * The one way the web app talks to the server: `api`, an openapi-fetch client typed by the generated
 * schema (paths, parameters, bodies and answers), whose `fetch` is `send` below. Every call goes
 * `dataOf(api.GET('/v1/…', {…}))` (the `data` of the `{data}` envelope) or `bodyOf(…)` (paged lists).
 *
 * - Headers (R7.01): bearer token when logged in, `x-platform: desktop-web`, `x-request-id` (one UUID
 *   per logical call, reused by its retries so the server's idempotency makes a repeat safe),
 *   `x-language-code`, `x-device-id`, and on POST `x-firebase-id`.
 * - Timeout 100000 ms per attempt and up to 3 retries (R9.01) with 500 ms × attempt between them
 *   (R8.05). Retried: network errors and timeouts for every method (the reused x-request-id makes a
 *   repeat safe); 500, 502 and 504 for GET, HEAD, PUT and DELETE; 429 for every method, waiting the
 *   server's Retry-After when it is at most 10 s (a request refused for rate is not processed).
 *   Never another 4xx, and never 503 (maintenance).
 * - Errors reject with ApiError {code, message, status}; the message is the server's error_message,
 *   else a localised "Something went wrong" (R8.01).
 * - 503 → under maintenance (R8.02); 400 with code 040/041 → fetch-user-status flag, not on guest
 *   pages (R8.03); 401/403 → forced logout, except for the logout call itself and on guest pages, and
 *   without navigation on PWA routes (R8.04, R6.01, R2.05).
 * - Silent refresh: a 401 to a call that carried a bearer first rotates the refresh token
 *   (`token/refresh`, one flight shared by every call that needs it) and repeats the call once with
 *   the new token; only when that fails does the 401 force the logout.
 */

type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Per-call policy, given to a call as its `fetch` option: `fetch: withPolicy({ retries: 0 })`. */
export interface CallPolicy {
  /** Per attempt; default 100000 ms (R9.01). */
  timeoutMs?: number;
  /** Default 3 (R9.01); 0 for fire-and-forget calls such as logging. */
  retries?: number;
  /**
   * The session's own calls (logout, token refresh): their 401 neither starts a refresh nor forces a
   * logout (R8.04); the caller decides what it means.
   */
  sessionCall?: boolean;
}

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly retryAfterSecs: number | null;

  constructor(init: { code: string; message: string; status: number; retryAfterSecs?: number | null }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.retryAfterSecs = init.retryAfterSecs ?? null;
  }
}

export const FETCH_USER_STATUS_CODES = ['040', '041'] as const;
const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
const RETRYABLE_SERVER_STATUSES: ReadonlySet<number> = new Set([500, 502, 504]);

export function retryDelayMs(attempt: number): number {
  return RETRY_DELAY_STEP_MS * attempt;
}

/** Retry-After as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfterSecs(value: string | null, nowMs: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const dateMs = Date.parse(trimmed);
  if (Number.isNaN(dateMs)) return null;
  return Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
}

/** Query parameters without empty values (null, undefined, ''), as the server expects. */
function serializeQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  return search.toString();
}

function buildHeaders(method: HttpMethod, requestId: string, base: Headers): Headers {
  const { auth, misc } = useAppStore.getState();
  const headers = new Headers(base);
  headers.delete('Authorization');
  if (auth.accessToken) headers.set('Authorization', `Bearer ${auth.accessToken}`);
  headers.set('x-platform', 'desktop-web');
  headers.set('x-request-id', requestId);
  headers.set('x-language-code', misc.language);
  headers.set('x-device-id', getDeviceId());
  if (method === 'POST') headers.set('x-firebase-id', getFirebaseId());
  headers.set('Accept', 'application/json');
  return headers;
}

type Attempt = { kind: 'response'; response: Response } | { kind: 'network'; timedOut: boolean } | { kind: 'aborted' };

async function attemptFetch(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Attempt> {
  if (signal?.aborted) return { kind: 'aborted' };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const response = await globalThis.fetch(url, { ...init, signal: controller.signal });
    return { kind: 'response', response };
  } catch {
    if (signal?.aborted) return { kind: 'aborted' };
    return { kind: 'network', timedOut };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** How long to wait before retrying this response, or null when it must not be retried. */
function retryWaitMs(method: HttpMethod, response: Response, attempt: number): number | null {
  if (response.status === 429) {
    const retryAfterSecs = parseRetryAfterSecs(response.headers.get('Retry-After'));
    if (retryAfterSecs === null) return retryDelayMs(attempt);
    const waitMs = retryAfterSecs * 1000;
    return waitMs <= RETRY_AFTER_WAIT_MAX_MS ? Math.max(waitMs, retryDelayMs(attempt)) : null;
  }
  if (IDEMPOTENT_METHODS.has(method) && RETRYABLE_SERVER_STATUSES.has(response.status)) {
    return retryDelayMs(attempt);
  }
  return null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is Partial<ErrorBody> {
  return typeof value === 'object' && value !== null && ('error_code' in value || 'error_message' in value);
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const errorBody = isErrorBody(body) ? body : {};
  const code =
    typeof errorBody.error_code === 'string' && errorBody.error_code ? errorBody.error_code : `http_${response.status}`;
  const shown = typeof errorBody.error_message === 'string' ? sanitizeServerText(errorBody.error_message) : '';
  const message = shown || i18n.t('errors.generic');
  return new ApiError({
    code,
    message,
    status: response.status,
    retryAfterSecs: parseRetryAfterSecs(response.headers.get('Retry-After')),
  });
}

/** The session- and service-wide effects of an error answer (R8.02–R8.04). */
function applyErrorEffects(error: ApiError, policy: CallPolicy): void {
  const store = useAppStore.getState();
  if (error.status === 503) {
    store.setUnderMaintenance({
      message: messageOrNull(error),
      retryAfterSecs: error.retryAfterSecs,
    });
    return;
  }
  const pathname = currentPathname();
  const loggedIn = store.auth.accessToken !== null;
  if (error.status === 400 && (FETCH_USER_STATUS_CODES as readonly string[]).includes(error.code)) {
    if (!isGuestPage(pathname, loggedIn)) store.updateAuth({ fetchUserStatus: true });
    return;
  }
  if (error.status === 401 || error.status === 403) {
    if (policy.sessionCall || isGuestPage(pathname, loggedIn)) return;
    forceLogout(pathname);
  }
}

function messageOrNull(error: ApiError): string | null {
  return error.message === i18n.t('errors.generic') ? null : error.message;
}

let refreshInFlight: Promise<boolean> | null = null;

async function rotateTokens(): Promise<boolean> {
  const refreshToken = readRefreshToken();
  if (!refreshToken) return false;
  try {
    const tokens = await dataOf(
      api.POST('/v1/user/token/refresh', { body: { refreshToken }, fetch: withPolicy({ sessionCall: true }) }),
    );
    return storeSessionTokens(tokens);
  } catch {
    return false;
  }
}

/**
 * Renews the access token with the refresh token. Concurrent callers share one flight: the server
 * rotates refresh tokens and treats a reused one as theft, so two parallel refreshes would end the
 * session.
 */
export function refreshSessionOnce(): Promise<boolean> {
  refreshInFlight ??= rotateTokens().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function bearerOf(headers: Headers): string | null {
  const value = headers.get('Authorization');
  return value?.startsWith('Bearer ') ? value.slice('Bearer '.length) : null;
}

/** Whether a 401 to this call may be cured by a refresh (and the call repeated). */
async function renewedAfter401(sentToken: string | null, policy: CallPolicy): Promise<boolean> {
  if (policy.sessionCall || sentToken === null) return false;
  const current = useAppStore.getState().auth.accessToken;
  // Another call already renewed the token while this one was on its way: just repeat it.
  if (current !== null && current !== sentToken) return true;
  return refreshSessionOnce();
}

/** The request's body, readable again for every attempt (JSON as text; anything else as bytes). */
async function replayableBody(request: Request): Promise<BodyInit | undefined> {
  if (request.body === null) return undefined;
  const type = request.headers.get('Content-Type') ?? '';
  return type.includes('json') ? request.text() : request.blob();
}

/**
 * A successful answer openapi-fetch can always read: a JSON answer passes as it is (parsed once, by
 * openapi-fetch); anything else (an empty body, a redirect page) becomes an empty 204.
 */
function normalisedSuccess(response: Response): Response {
  const json = (response.headers.get('Content-Type') ?? '').includes('json');
  if (json && response.status !== 204) return response;
  void response.body?.cancel();
  return new Response(null, { status: 204, statusText: response.statusText, headers: response.headers });
}

/**
 * The `fetch` of the typed client: headers, timeout, retries, silent refresh and the error effects.
 * Resolves with a successful response only; every failure rejects with ApiError.
 */
async function send(request: Request, policy: CallPolicy = {}): Promise<Response> {
  const method = request.method.toUpperCase() as HttpMethod;
  const retriesMax = policy.retries ?? REQUEST_RETRIES_MAX;
  const timeoutMs = policy.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const url = request.url;
  const requestId = uuid();
  const body = await replayableBody(request);
  const signal = request.signal;

  // The page's HTML may have asked already (src/lib/early-requests.ts): a good answer is taken as it is.
  const early = method === 'GET' ? takeEarlyResponse(url) : null;
  if (early) {
    const response = await early.catch(() => null);
    if (response?.ok && !signal?.aborted) return normalisedSuccess(response);
    await response?.body?.cancel().catch(() => undefined);
  }

  let renewed = false;
  for (let attempt = 1; ; attempt += 1) {
    const headers = buildHeaders(method, requestId, request.headers);
    const init: RequestInit = {
      method,
      headers,
      body,
      credentials: 'same-origin',
      keepalive: request.keepalive,
    };
    const outcome = await attemptFetch(url, init, timeoutMs, signal);
    const retriesLeft = attempt <= retriesMax;

    if (outcome.kind === 'aborted') {
      throw new ApiError({ code: 'aborted', message: i18n.t('errors.generic'), status: 0 });
    }
    if (outcome.kind === 'network') {
      if (retriesLeft) {
        await sleep(retryDelayMs(attempt));
        continue;
      }
      throw new ApiError({
        code: outcome.timedOut ? 'timeout' : 'network_error',
        message: i18n.t(outcome.timedOut ? 'errors.timeout' : 'errors.network'),
        status: 0,
      });
    }

    const { response } = outcome;
    if (response.ok) return normalisedSuccess(response);
    if (response.status === 401 && !renewed && (await renewedAfter401(bearerOf(headers), policy))) {
      renewed = true;
      await response.text().catch(() => undefined);
      attempt -= 1; // the repeat after a refresh is not a retry
      continue;
    }
    const waitMs = retriesLeft ? retryWaitMs(method, response, attempt) : null;
    if (waitMs !== null) {
      await response.body?.cancel().catch(() => undefined);
      await sleep(waitMs);
      continue;
    }
    const error = await toApiError(response);
    applyErrorEffects(error, policy);
    throw error;
  }
}

/** A call's `fetch` option for a policy other than the default (fewer retries, no refresh). */
export function withPolicy(policy: CallPolicy): (request: Request) => Promise<Response> {
  return (request) => send(request, policy);
}

/**
 * The typed client. The base URL is absolute because the Fetch API's Request (which openapi-fetch
 * builds) needs one outside a browser document, as in tests.
 */
/**
 * The URL of a schema path, for the one sender that cannot go through the client (navigator.sendBeacon
 * on page hide): the path is still checked against the generated schema.
 */
export function apiUrl(path: keyof paths): string {
  return `${API_BASE}${path}`;
}

export const api = createClient<paths>({
  baseUrl: `${window.location.origin}${API_BASE}`,
  fetch: (request) => send(request),
  querySerializer: serializeQuery,
});

/** The `data` of a `{data}` envelope answer (every call but the paged lists). */
export async function dataOf<T>(call: Promise<{ data?: { data: T } }>): Promise<T> {
  const { data } = await call;
  return data?.data as T;
}

/** The whole answer (paged lists: `{data, page, size, total}`). */
export async function bodyOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data } = await call;
  return data as T;
}

/**
 * Like dataOf, for the few answers whose generated schema type is narrower than what the server sends
 * (a `oneOf` the document flattens, free-form maps typed as empty objects): the caller names the type,
 * and says at the call why.
 */
export async function dataAs<T>(call: Promise<{ data?: unknown }>): Promise<T> {
  const { data } = await call;
  return (data as { data?: T } | undefined)?.data as T;
}

/** bodyOf for a paged answer whose generated type is narrower than what the server sends (see dataAs). */
export async function bodyAs<T>(call: Promise<{ data?: unknown }>): Promise<T> {
  const { data } = await call;
  return data as T;
}
