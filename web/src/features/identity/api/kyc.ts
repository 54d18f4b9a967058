import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/api/user-me';
import type { KycSubmitRequest, KycView } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';
import { useUserChannels } from '@/lib/live/use-user-channels';
import type { UserChannel } from '@/lib/live/user-live';

export const kycQueryKey = ['user', 'kyc'] as const;

/** How often the page asks again while the verifier decides and the live channel is down. */
export const KYC_POLL_MS = 1_000;

/** The user channel the server pushes account changes on (a decision, an operator's override). */
const ACCOUNT_CHANNELS: readonly UserChannel[] = ['account'];
/** What an account change makes stale: the verification, `me`, the status and the tags. */
const ACCOUNT_STALE_KEYS = [['user']] as const;

/**
 * GET /api/v1/user/kyc. The decision is pushed on the user's `account` channel, which refreshes it;
 * only while that channel is down is it polled while PENDING, so it still shows without a reload.
 */
export function useKyc() {
  const live = useUserChannels(ACCOUNT_CHANNELS, ACCOUNT_STALE_KEYS);
  return useQuery({
    queryKey: kycQueryKey,
    queryFn: ({ signal }) => dataOf<KycView>(api.GET('/v1/user/kyc', { signal })),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' && !live ? KYC_POLL_MS : false),
  });
}

function useKycMutation<I>(mutationKey: string, call: (input: I) => Promise<KycView>) {
  const client = useQueryClient();
  return useMutation<KycView, ApiError, I>({
    mutationKey: ['account', mutationKey],
    mutationFn: call,
    onSuccess: (view) => {
      client.setQueryData(kycQueryKey, view);
      void client.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** POST /api/v1/user/kyc: the KTP details; the status becomes PENDING. */
export function useSubmitKyc() {
  return useKycMutation('submitKyc', (input: KycSubmitRequest) =>
    dataOf<KycView>(api.POST('/v1/user/kyc', { body: input })),
  );
}

/** The US-stock terms version the server expects. */
export const GSS_TERMS_VERSION = 1;

/** POST /api/v1/user/gss/accept-terms: a verified user activates US stocks (R6.03). */
export function useAcceptGssTerms() {
  return useKycMutation('acceptGss', () =>
    dataOf<KycView>(api.POST('/v1/user/gss/accept-terms', { body: { version: GSS_TERMS_VERSION } })),
  );
}
