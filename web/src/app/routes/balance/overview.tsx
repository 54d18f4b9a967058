import { useUserLiveUpdates } from '@/features/trading';
import { BalanceScreen } from '@/features/wallet';

/** `/balance` (R1.04): the IDR wallet, refreshed live when a top-up, cash-out, voucher or trade moves it. */
export function Component() {
  useUserLiveUpdates();
  return <BalanceScreen />;
}
