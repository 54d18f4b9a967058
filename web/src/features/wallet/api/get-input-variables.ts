import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { InputVariables, PaymentChannel } from './types';

/** GET /api/v1/wallet/input-variables?paymentChannel=: the channel's minimum, maximum and fee. */
export function getInputVariables(paymentChannel: PaymentChannel, signal?: AbortSignal): Promise<InputVariables> {
  return dataOf<InputVariables>(
    api.GET('/v1/wallet/input-variables', { params: { query: { paymentChannel } }, signal }),
  );
}

export function inputVariablesQueryOptions(paymentChannel: PaymentChannel | null) {
  return queryOptions({
    queryKey: ['wallet', 'input-variables', paymentChannel],
    // Nothing to ask until a channel is chosen.
    queryFn: paymentChannel === null ? skipToken : ({ signal }) => getInputVariables(paymentChannel, signal),
    staleTime: 5 * 60_000,
  });
}

export function useInputVariables(paymentChannel: PaymentChannel | null) {
  return useQuery(inputVariablesQueryOptions(paymentChannel));
}
