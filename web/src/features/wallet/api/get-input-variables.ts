import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { InputVariables } from './types';

/** GET /api/v1/wallet/input-variables?paymentChannel=: the channel's minimum, maximum and fee. */
export function getInputVariables(paymentChannel: string, signal?: AbortSignal): Promise<InputVariables> {
  return dataOf<InputVariables>(
    api.GET('/v1/wallet/input-variables', { params: { query: { paymentChannel } }, signal }),
  );
}

export function inputVariablesQueryOptions(paymentChannel: string | null) {
  return queryOptions({
    queryKey: ['wallet', 'input-variables', paymentChannel],
    queryFn: ({ signal }) => getInputVariables(paymentChannel ?? '', signal),
    enabled: paymentChannel !== null,
    staleTime: 5 * 60_000,
  });
}

export function useInputVariables(paymentChannel: string | null) {
  return useQuery(inputVariablesQueryOptions(paymentChannel));
}
