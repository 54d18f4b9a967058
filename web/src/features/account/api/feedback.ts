import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import type { FeedbackReceipt, FeedbackRequest } from '@/api/types';
import { apiClient, type ApiError } from '@/lib/api-client';

/** Longest message the server keeps. */
export const FEEDBACK_MESSAGE_MAX = 2000;

/** POST /api/v1/user/beta-feedback: a rating (1–5) and a message. */
export function useSendFeedback() {
  return useMutation<FeedbackReceipt, ApiError, FeedbackRequest>({
    mutationKey: ['account', 'betaFeedback'],
    mutationFn: (input) => apiClient.post<FeedbackReceipt>(apiPaths.betaFeedback, input),
  });
}
