import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_EVENTS_PER_CALL_MAX,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_QUEUE_MAX,
} from '@/config/constants';
import { beaconAnalyticsBatch, sendAnalyticsBatch } from '@/api/analytics';
import type { AnalyticsBatch, AnalyticsEvent, AnalyticsPropertyValue } from '@/api/types';
import { ApiError } from './api-client';

/**
 * R1.15: analytics click events (create_alert_clicked, load_chart_layout_clicked, buy_review,
 * sell_review, …) are batched and sent to the server: every 5 s, as soon as 20 are waiting, and when
 * the page is hidden (navigator.sendBeacon, falling back to a keepalive request).
 */
export const EVENT_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

export type AnalyticsProperties = Record<string, AnalyticsPropertyValue>;

export interface AnalyticsDeps {
  send: (batch: AnalyticsBatch, options?: { keepalive?: boolean }) => Promise<unknown>;
  beacon: (batch: AnalyticsBatch) => boolean;
  path: () => string;
  now: () => Date;
  flushIntervalMs?: number;
  batchMax?: number;
}

/** Worth trying again later: the server was unreachable, busy or failing; not a rejected batch. */
function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
}

export function createAnalytics(deps: AnalyticsDeps) {
  const flushIntervalMs = deps.flushIntervalMs ?? ANALYTICS_FLUSH_INTERVAL_MS;
  const batchMax = deps.batchMax ?? ANALYTICS_BATCH_MAX;
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending = false;

  function trimQueue() {
    if (queue.length > ANALYTICS_QUEUE_MAX) queue = queue.slice(queue.length - ANALYTICS_QUEUE_MAX);
  }

  function schedule() {
    if (timer === null && queue.length > 0) {
      timer = setTimeout(() => {
        timer = null;
        void flush();
      }, flushIntervalMs);
    }
  }

  async function flush(): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (sending || queue.length === 0) return;
    sending = true;
    const events = queue.slice(0, ANALYTICS_EVENTS_PER_CALL_MAX);
    queue = queue.slice(events.length);
    try {
      await deps.send({ events });
    } catch (error) {
      if (isTransient(error)) {
        queue = [...events, ...queue];
        trimQueue();
      }
    } finally {
      sending = false;
    }
    if (queue.length >= batchMax) void flush();
    else schedule();
  }

  /** The page is going away: hand everything to the browser now. */
  function flushOnHide(): void {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    while (queue.length > 0) {
      const events = queue.slice(0, ANALYTICS_EVENTS_PER_CALL_MAX);
      queue = queue.slice(events.length);
      if (!deps.beacon({ events })) void deps.send({ events }, { keepalive: true }).catch(() => undefined);
    }
  }

  function track(name: string, properties: AnalyticsProperties = {}): boolean {
    if (!EVENT_NAME_PATTERN.test(name)) {
      if (import.meta.env.DEV) console.error(`analytics: invalid event name "${name}"`);
      return false;
    }
    queue.push({ name, properties, path: deps.path(), occurredAt: deps.now().toISOString() });
    trimQueue();
    if (queue.length >= batchMax) void flush();
    else schedule();
    return true;
  }

  function reset(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    queue = [];
    sending = false;
  }

  return { track, flush, flushOnHide, pending: () => queue.length, reset };
}

export const analytics = createAnalytics({
  send: sendAnalyticsBatch,
  beacon: beaconAnalyticsBatch,
  path: () => window.location.pathname,
  now: () => new Date(),
});

/** Records an analytics event, e.g. `track('create_alert_clicked', { symbol: 'BTC-IDR' })`. */
export function track(name: string, properties?: AnalyticsProperties): boolean {
  return analytics.track(name, properties);
}

/** Sends what is waiting when the page is hidden or unloaded. Returns the uninstall function. */
export function installAnalyticsLifecycle(target: Window = window): () => void {
  const onHide = () => analytics.flushOnHide();
  const onVisibility = () => {
    if (target.document.visibilityState === 'hidden') onHide();
  };
  target.addEventListener('pagehide', onHide);
  target.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    target.removeEventListener('pagehide', onHide);
    target.document.removeEventListener('visibilitychange', onVisibility);
  };
}
