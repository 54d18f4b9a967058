import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import type { UserDetails } from '@/api/types';
import { apiClient, type ApiError } from '@/lib/api-client';

export interface AcceptTermsInput {
  version: number;
}

/** POST /api/v1/user/bappebti-tnc (R3.17 accept-terms modal): accepts the current terms. */
export function acceptTerms(input: AcceptTermsInput): Promise<UserDetails> {
  return apiClient.post<UserDetails>(apiPaths.acceptTerms, input);
}

export function acceptTermsMutationOptions() {
  return { mutationKey: ['auth', 'acceptTerms'], mutationFn: acceptTerms } as const;
}

export function useAcceptTerms() {
  return useMutation<UserDetails, ApiError, AcceptTermsInput>(acceptTermsMutationOptions());
}
