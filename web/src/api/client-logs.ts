import { apiPaths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import type { Accepted, ClientLogBatch } from './types';

/** POST /api/v1/client-logs (R8.10). Sent once, never retried: a failing log must not pile up. */
export function sendClientLogs(batch: ClientLogBatch): Promise<Accepted> {
  return apiClient.post<Accepted>(apiPaths.clientLogs, batch, { retries: 0, keepalive: true });
}
