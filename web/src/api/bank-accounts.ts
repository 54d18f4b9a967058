import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * The user's bank accounts: listed by the account page (features/bank-accounts) and chosen from by the
 * cash-out flow (features/wallet), so the call lives here. The type follows the money work's contract
 * until its schema is generated.
 */
export interface BankAccount {
  id: string;
  bankCode: string;
  bankName: string;
  /** e.g. `••••••7890`: the full number never comes back from the server. */
  accountNumberMasked: string;
  /** As the bank inquiry returned it. */
  accountHolderName: string;
  createdAtMs: number;
}

export const BANK_ACCOUNTS_PATH = '/v1/wallet/bank-accounts';

/** GET /api/v1/wallet/bank-accounts */
export function getBankAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  return apiClient.get<BankAccount[]>(BANK_ACCOUNTS_PATH, { signal });
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
