import { useMutation } from '@tanstack/react-query';
import { api, dataOf, type ApiError } from '@/lib/api-client';
import type { CashoutReview, CashoutReviewInput } from './types';

/** POST /api/v1/wallet/cashout/review: fee, net amount and approval path; moves nothing. */
export function reviewCashout(input: CashoutReviewInput): Promise<CashoutReview> {
  return dataOf<CashoutReview>(api.POST('/v1/wallet/cashout/review', { body: input }));
}

export function useReviewCashout() {
  return useMutation<CashoutReview, ApiError, CashoutReviewInput>({
    mutationKey: ['wallet', 'reviewCashout'],
    mutationFn: reviewCashout,
  });
}
