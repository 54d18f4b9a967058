import { useMutation } from '@tanstack/react-query';
import type { UserDetails } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export interface AcceptTermsInput {
  version: number;
}

/** POST /api/v1/user/bappebti-tnc (R3.17 accept-terms modal): accepts the current terms. */
export function acceptTerms(input: AcceptTermsInput): Promise<UserDetails> {
  return dataOf<UserDetails>(api.POST('/v1/user/bappebti-tnc', { body: input }));
}

export function acceptTermsMutationOptions() {
  return { mutationKey: ['auth', 'acceptTerms'], mutationFn: acceptTerms } as const;
}

export function useAcceptTerms() {
  return useMutation<UserDetails, ApiError, AcceptTermsInput>(acceptTermsMutationOptions());
}
