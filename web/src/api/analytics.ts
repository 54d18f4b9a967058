import { API_BASE, apiPaths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import type { Accepted, AnalyticsBatch } from './types';

/** POST /api/v1/analytics/events (R1.15). Not retried: the batcher keeps unsent events instead. */
export function sendAnalyticsBatch(batch: AnalyticsBatch, options: { keepalive?: boolean } = {}): Promise<Accepted> {
  return apiClient.post<Accepted>(apiPaths.analyticsEvents, batch, {
    retries: 0,
    keepalive: options.keepalive ?? false,
  });
}

/**
 * For a page that is going away: navigator.sendBeacon survives the unload. A beacon carries no custom
 * headers; the server accepts analytics without them. Returns false when the browser refused it.
 */
export function beaconAnalyticsBatch(batch: AnalyticsBatch): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const blob = new Blob([JSON.stringify(batch)], { type: 'application/json' });
  try {
    return navigator.sendBeacon(`${API_BASE}${apiPaths.analyticsEvents}`, blob);
  } catch {
    return false;
  }
}
