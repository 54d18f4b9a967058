import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiError } from '@/lib/api-client';
import type { Cashout, CreateCashoutInput } from './types';

/** POST /api/v1/wallet/cashout: confirmed by the PIN; the amount is held until it is disbursed. */
export function createCashout(input: CreateCashoutInput): Promise<Cashout> {
  return dataOf<Cashout>(api.POST('/v1/wallet/cashout', { body: input }));
}

export function useCreateCashout() {
  const queryClient = useQueryClient();
  return useMutation<Cashout, ApiError, CreateCashoutInput>({
    mutationKey: ['wallet', 'createCashout'],
    mutationFn: createCashout,
    onSuccess: (cashout) => {
      queryClient.setQueryData(cashoutQueryKey(cashout.id), cashout);
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'history'] });
    },
  });
}

export const cashoutQueryKey = (id: string) => ['wallet', 'cashout', 'one', id] as const;
