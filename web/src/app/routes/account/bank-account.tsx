import { BankAccountsScreen } from '@/features/wallet';

export function Component() {
  return <BankAccountsScreen />;
}
