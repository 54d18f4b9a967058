import { BankAccountsScreen } from '@/features/bank-accounts';

export function Component() {
  return <BankAccountsScreen />;
}
