import { useUserChannels } from '@/lib/live/use-user-channels';
import type { UserChannel } from '@/lib/live/user-live';
import { usdBalanceKey, usStocksKey } from '../api/keys';

/** Every change of a US order is published on `orders` and nudges `balances` (docs/us-stocks.md "Live"). */
const CHANNELS: readonly UserChannel[] = ['orders', 'balances'];
/** The US-stock queries, the USD wallet and the portfolio (given as literals: features do not import each other). */
const STALE_KEYS: readonly (readonly string[])[] = [usStocksKey, usdBalanceKey, ['portfolio']];

/** While logged in, refreshes the US-stock lists, positions and buying power on the user's live channels. */
export function useUsLiveUpdates(): boolean {
  return useUserChannels(CHANNELS, STALE_KEYS);
}
