import { useUserLiveUpdates } from '@/features/trading';
import { HistoryScreen } from '@/features/wallet';

/** `/transaction-history`: refreshed live as the user's movements settle. */
export function Component() {
  useUserLiveUpdates();
  return <HistoryScreen />;
}
