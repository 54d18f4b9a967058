import { api, dataOf, withPolicy } from '@/lib/api-client';
import type { WithdrawalEstimate } from './types';

/**
 * Prices a withdrawal (fee, net, whether the available margin covers it); nothing moves. Called on
 * demand by the review step (never cached), so it has no query options or hook.
 */
export function estimateWithdrawal(amount: string): Promise<WithdrawalEstimate> {
  return dataOf<WithdrawalEstimate>(
    api.GET('/v1/perps/margin/withdrawal/estimate', {
      params: { query: { amount } },
      fetch: withPolicy({ retries: 0 }),
    }),
  );
}
