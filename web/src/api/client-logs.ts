import { api, dataOf, withPolicy } from '@/lib/api-client';
import type { Accepted, ClientLogBatch } from './types';

/** POST /api/v1/client-logs (R8.10). Sent once, never retried: a failing log must not pile up. */
export function sendClientLogs(batch: ClientLogBatch): Promise<Accepted> {
  return dataOf<Accepted>(
    api.POST('/v1/client-logs', { body: batch, keepalive: true, fetch: withPolicy({ retries: 0 }) }),
  );
}
