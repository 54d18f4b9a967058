import { api, dataOf, withPolicy } from '@/lib/api-client';
import type { FundedBucket, LeverageCalculation, LeverageDirection } from './usd-types';

/**
 * Prices a deposit into or withdrawal from a funded bucket; nothing moves. Called on demand by the
 * review step (never cached), so it has no query options or hook.
 */
export function calculateFunded(
  bucket: FundedBucket,
  direction: LeverageDirection,
  amount: string,
): Promise<LeverageCalculation> {
  return dataOf<LeverageCalculation>(
    api.GET(bucket === 'leverage' ? '/v1/wallet/leverage-wallet/calculate' : '/v1/wallet/intraday-wallet/calculate', {
      params: { query: { direction, amount } },
      fetch: withPolicy({ retries: 0 }),
    }),
  );
}
