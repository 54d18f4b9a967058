import { api, apiUrl, dataOf, withPolicy } from '@/lib/api-client';
import type { Accepted, AnalyticsBatch } from './types';

/** POST /api/v1/analytics/events (R1.15). Not retried: the batcher keeps unsent events instead. */
export function sendAnalyticsBatch(batch: AnalyticsBatch, options: { keepalive?: boolean } = {}): Promise<Accepted> {
  return dataOf<Accepted>(
    api.POST('/v1/analytics/events', {
      // The schema types the free-form `properties` as an empty object (see AnalyticsEvent in ./types).
      body: batch as never,
      keepalive: options.keepalive ?? false,
      fetch: withPolicy({ retries: 0 }),
    }),
  );
}

/**
 * For a page that is going away: navigator.sendBeacon survives the unload. A beacon carries no custom
 * headers; the server accepts analytics without them. Returns false when the browser refused it.
 */
export function beaconAnalyticsBatch(batch: AnalyticsBatch): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const blob = new Blob([JSON.stringify(batch)], { type: 'application/json' });
  try {
    return navigator.sendBeacon(apiUrl('/v1/analytics/events'), blob);
  } catch {
    return false;
  }
}
