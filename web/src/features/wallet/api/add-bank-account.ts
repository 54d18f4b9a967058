import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankAccountsQueryKey, type BankAccount } from './bank-accounts';
import type { components } from '@/api/schema';
import { api, dataOf, type ApiError } from '@/lib/api-client';

/** Bank code, account number (digits only) and the PIN. */
export type AddBankAccountInput = components['schemas']['AddBankAccount'];

/**
 * POST /api/v1/wallet/bank-accounts: the server asks the bank for the holder's name and checks it
 * against the verified identity; the PIN confirms it is the owner adding a payout destination.
 */
export function addBankAccount(input: AddBankAccountInput): Promise<BankAccount> {
  return dataOf<BankAccount>(api.POST('/v1/wallet/bank-accounts', { body: input }));
}

export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation<BankAccount, ApiError, AddBankAccountInput>({
    mutationKey: ['bankAccounts', 'add'],
    mutationFn: addBankAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey }),
  });
}
