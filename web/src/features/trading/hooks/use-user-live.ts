import { useUserChannels } from '@/lib/live/use-user-channels';
import type { UserChannel } from '@/lib/live/user-live';
import { tradingKey } from '../api/keys';

/** The channels an order or fill touches. */
const TRADING_CHANNELS: readonly UserChannel[] = ['orders', 'balances'];

/**
 * Query keys an order or balance change makes stale: every trading query, the IDR wallet balance
 * (`['wallet', 'balance']`, owned by the wallet feature) and the portfolio (`['portfolio']`). Given as
 * literals because features do not import each other.
 */
export const USER_LIVE_STALE_KEYS: readonly (readonly string[])[] = [tradingKey, ['wallet'], ['portfolio']];

/**
 * While logged in, listens to the user's `orders` and `balances` channels and refreshes the queries
 * they affect. Returns whether both channels are live, so lists can drop their polling then.
 */
export function useUserLiveUpdates(): boolean {
  return useUserChannels(TRADING_CHANNELS, USER_LIVE_STALE_KEYS);
}
