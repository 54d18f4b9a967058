import { useMutation } from '@tanstack/react-query';
import { apiClient, type ApiError } from '@/lib/api-client';
import { walletApi } from './paths';
import type { CashoutReview, CashoutReviewInput } from './types';

/** POST /api/v1/wallet/cashout/review: fee, net amount and approval path; moves nothing. */
export function reviewCashout(input: CashoutReviewInput): Promise<CashoutReview> {
  return apiClient.post<CashoutReview>(walletApi.cashoutReview, input);
}

export function useReviewCashout() {
  return useMutation<CashoutReview, ApiError, CashoutReviewInput>({
    mutationKey: ['wallet', 'reviewCashout'],
    mutationFn: reviewCashout,
  });
}
