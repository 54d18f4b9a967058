import { useMutation } from '@tanstack/react-query';
import type { FeedbackReceipt, FeedbackRequest } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

/** Longest message the server keeps. */
export const FEEDBACK_MESSAGE_MAX = 2000;

/** POST /api/v1/user/beta-feedback: a rating (1–5) and a message. */
export function useSendFeedback() {
  return useMutation<FeedbackReceipt, ApiError, FeedbackRequest>({
    mutationKey: ['account', 'betaFeedback'],
    // The schema types this free-form map as an empty object; the server takes any flat JSON object.
    mutationFn: (input) => dataOf<FeedbackReceipt>(api.POST('/v1/user/beta-feedback', { body: input as never })),
  });
}
