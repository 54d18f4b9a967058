import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankAccountsQueryKey } from './bank-accounts';
import { api, dataOf, type ApiError } from '@/lib/api-client';

/** DELETE /api/v1/wallet/bank-accounts/{id} */
export function removeBankAccount(id: string): Promise<void> {
  return dataOf<void>(api.DELETE('/v1/wallet/bank-accounts/{id}', { params: { path: { id } } }));
}

export function useRemoveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationKey: ['bankAccounts', 'remove'],
    mutationFn: removeBankAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey }),
  });
}
