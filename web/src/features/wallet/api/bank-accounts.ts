import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import type { components } from '@/api/schema';

/**
 * A saved bank account (the full number never comes back from the server): listed on the account's
 * bank-account page and chosen from by the cash-out flow.
 */
export type BankAccount = components['schemas']['BankAccount'];

/** GET /api/v1/wallet/bank-accounts */
export function getBankAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  return dataOf<BankAccount[]>(api.GET('/v1/wallet/bank-accounts', { signal }));
}

export const bankAccountsQueryKey = ['wallet', 'bank-accounts'] as const;

export function bankAccountsQueryOptions() {
  return queryOptions({
    queryKey: bankAccountsQueryKey,
    queryFn: ({ signal }) => getBankAccounts(signal),
    staleTime: 0,
  });
}

export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions());
}
