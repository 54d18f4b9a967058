import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNTS_PATH, bankAccountsQueryKey } from '@/api/bank-accounts';
import { apiClient, type ApiError } from '@/lib/api-client';

/** DELETE /api/v1/wallet/bank-accounts/{id} */
export function removeBankAccount(id: string): Promise<void> {
  return apiClient.delete<void>(`${BANK_ACCOUNTS_PATH}/${encodeURIComponent(id)}`);
}

export function useRemoveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, string>({
    mutationKey: ['bankAccounts', 'remove'],
    mutationFn: removeBankAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey }),
  });
}
