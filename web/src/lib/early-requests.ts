/**
 * Answers to GET calls the built index.html started before the app's code had loaded (issue 12: the
 * trade page's symbol info and ticker, route-modules.json `early`, started by scripts/route-preload.mjs).
 * The API client takes such an answer instead of asking again, once, and only while it is fresh; a
 * failed or refused one is ignored and the client asks as usual.
 */
interface EarlyCall {
  /** When the call started (Date.now()). */
  t: number;
  r: Promise<Response>;
}

declare global {
  interface Window {
    __early?: Record<string, EarlyCall>;
  }
}

/** An early answer older than this is not taken (the client asks again). */
export const EARLY_MAX_AGE_MS = 10_000;

/** The early answer to a GET of `url` (absolute), taken once, or null. */
export function takeEarlyResponse(url: string, now: number = Date.now()): Promise<Response> | null {
  const calls = typeof window === 'undefined' ? undefined : window.__early;
  const call = calls?.[url];
  if (!calls || !call) return null;
  delete calls[url];
  if (now - call.t > EARLY_MAX_AGE_MS) {
    void call.r.then((response) => response.body?.cancel()).catch(() => undefined);
    return null;
  }
  return call.r;
}
