import {
  CLIENT_LOG_ENTRIES_PER_CALL_MAX,
  CLIENT_LOG_ENTRIES_PER_MINUTE_MAX,
  CLIENT_LOG_FLUSH_DELAY_MS,
  CLIENT_LOG_MESSAGE_CHARS_MAX,
  CLIENT_LOG_STACK_CHARS_MAX,
} from '@/config/constants';
import { sendClientLogs } from '@/api/client-logs';
import type { ClientLogBatch, ClientLogEntry } from '@/api/types';

/**
 * R8.10: uncaught exceptions and unhandled promise rejections are logged to the server. Rate-limited
 * on the client (10 entries a minute, the same message once a minute) so a render loop cannot flood
 * the server; sending failures are dropped and never logged again.
 */
export type ClientLogKind = ClientLogEntry['kind'];

const WINDOW_MS = 60_000;

export interface ClientLoggerDeps {
  send: (batch: ClientLogBatch) => Promise<unknown>;
  now: () => number;
  url: () => string;
  flushDelayMs?: number;
  perMinuteMax?: number;
}

export function createClientLogger(deps: ClientLoggerDeps) {
  const flushDelayMs = deps.flushDelayMs ?? CLIENT_LOG_FLUSH_DELAY_MS;
  const perMinuteMax = deps.perMinuteMax ?? CLIENT_LOG_ENTRIES_PER_MINUTE_MAX;
  let queue: ClientLogEntry[] = [];
  let acceptedAtMs: number[] = [];
  const lastSeenAtMs = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  function flush(): void {
    timer = null;
    while (queue.length > 0) {
      const entries = queue.slice(0, CLIENT_LOG_ENTRIES_PER_CALL_MAX);
      queue = queue.slice(entries.length);
      void deps.send({ entries }).catch(() => undefined);
    }
  }

  function report(kind: ClientLogKind, message: string, stack: string | null): boolean {
    const nowMs = deps.now();
    acceptedAtMs = acceptedAtMs.filter((at) => nowMs - at < WINDOW_MS);
    const key = `${kind}|${message}`;
    const seenAt = lastSeenAtMs.get(key);
    if (seenAt !== undefined && nowMs - seenAt < WINDOW_MS) return false;
    if (acceptedAtMs.length >= perMinuteMax) return false;
    acceptedAtMs.push(nowMs);
    lastSeenAtMs.set(key, nowMs);
    if (lastSeenAtMs.size > 100) lastSeenAtMs.delete(lastSeenAtMs.keys().next().value as string);
    queue.push({
      kind,
      message: (message || 'Unknown error').slice(0, CLIENT_LOG_MESSAGE_CHARS_MAX),
      stack: stack ? stack.slice(0, CLIENT_LOG_STACK_CHARS_MAX) : null,
      url: deps.url(),
      occurredAt: new Date(nowMs).toISOString(),
    });
    timer ??= setTimeout(flush, flushDelayMs);
    return true;
  }

  function reset(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    queue = [];
    acceptedAtMs = [];
    lastSeenAtMs.clear();
  }

  return { report, flush, reset };
}

export const clientLogger = createClientLogger({
  send: sendClientLogs,
  now: () => Date.now(),
  url: () => window.location.href,
});

function describe(reason: unknown): { message: string; stack: string | null } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, stack: reason.stack ?? null };
  if (typeof reason === 'string') return { message: reason, stack: null };
  try {
    return { message: JSON.stringify(reason) ?? String(reason), stack: null };
  } catch {
    return { message: String(reason), stack: null };
  }
}

/** Reports an error caught by an error boundary or a handler. */
export function reportError(error: unknown, kind: ClientLogKind = 'error'): void {
  const { message, stack } = describe(error);
  clientLogger.report(kind, message, stack);
}

/** Installs the window handlers. Returns the uninstall function. */
export function installGlobalErrorHandlers(target: Window = window, logger = clientLogger): () => void {
  const onError = (event: ErrorEvent) => {
    const { message, stack } =
      event.error !== undefined && event.error !== null
        ? describe(event.error)
        : { message: event.message, stack: null };
    logger.report('error', message || event.message, stack);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const { message, stack } = describe(event.reason);
    logger.report('unhandledrejection', message, stack);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
