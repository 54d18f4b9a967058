import { BalanceScreen } from '@/features/wallet';

export function Component() {
  return <BalanceScreen />;
}
