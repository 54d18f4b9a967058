import { useUserLiveUpdates } from '@/features/trading';
import { PortfolioScreen } from '@/features/portfolio';

/** `/portfolio` (R2.15): the holdings, refreshed by the user's live order and balance channels. */
export function Component() {
  useUserLiveUpdates();
  return <PortfolioScreen />;
}
