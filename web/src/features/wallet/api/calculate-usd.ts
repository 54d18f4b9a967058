import { api, dataOf, withPolicy } from '@/lib/api-client';
import type { Direction, UsdCalculation } from './usd-types';

/**
 * GET /v1/wallet/usd/price/calculate: prices a conversion; nothing moves. Called on demand by the
 * review step (never cached: the rate moves), so it has no query options or hook.
 */
export function calculateUsd(direction: Direction, amount: string): Promise<UsdCalculation> {
  return dataOf<UsdCalculation>(
    api.GET('/v1/wallet/usd/price/calculate', {
      params: { query: { direction, amount } },
      fetch: withPolicy({ retries: 0 }),
    }),
  );
}
