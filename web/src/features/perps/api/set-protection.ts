import { api, dataOf } from '@/lib/api-client';
import { usePerpsMutation } from './mutation';
import type { PerpPosition, ProtectionBody } from './types';

/** PUT /v1/perps/positions/protection: a position's take-profit and stop-loss (empty clears one). */
export function setProtection(body: ProtectionBody): Promise<PerpPosition> {
  return dataOf<PerpPosition>(api.PUT('/v1/perps/positions/protection', { body }));
}

export function useSetProtection(fallback: string) {
  return usePerpsMutation('protection', setProtection, fallback);
}
