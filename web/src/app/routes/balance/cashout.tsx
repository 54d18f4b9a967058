import { CashoutScreen } from '@/features/wallet';

export function Component() {
  return <CashoutScreen />;
}
