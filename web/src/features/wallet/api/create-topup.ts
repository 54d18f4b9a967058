import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiError } from '@/lib/api-client';
import { historyQueryKey } from './get-transaction-history';
import { topupQueryKey } from './get-topup-status';
import type { CreateTopupInput, Topup } from './types';

/** POST /api/v1/wallet/topup: a PENDING top-up and how to pay it. */
export function createTopup(input: CreateTopupInput): Promise<Topup> {
  return dataOf<Topup>(api.POST('/v1/wallet/topup', { body: input }));
}

export function useCreateTopup() {
  const queryClient = useQueryClient();
  return useMutation<Topup, ApiError, CreateTopupInput>({
    mutationKey: ['wallet', 'createTopup'],
    mutationFn: createTopup,
    onSuccess: (topup) => {
      queryClient.setQueryData(topupQueryKey(topup.id), topup);
      void queryClient.invalidateQueries({ queryKey: historyQueryKey });
    },
  });
}
