import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useAppStore } from '@/lib/store';
import { tradingKey } from '../api/queries';
import { coalesce, getUserLiveClient, USER_CHANNELS } from './user-live';

/** Frames of one fill arrive together; one refetch per this window is enough. */
const REFRESH_COALESCE_MS = 250;

/**
 * Query keys an order or balance change makes stale: every trading query, the IDR wallet balance
 * (`['wallet', 'balance']`, owned by the wallet feature) and the portfolio (`['portfolio']`). Given as
 * literals because features do not import each other.
 */
export const USER_LIVE_STALE_KEYS: readonly (readonly string[])[] = [tradingKey, ['wallet'], ['portfolio']];

/**
 * While logged in, listens to the user's `orders` and `balances` channels and refreshes the queries
 * they affect. Returns whether both channels are live, so lists can drop their polling then (and
 * resume it when the connection or a subscription is lost).
 */
export function useUserLiveUpdates(): boolean {
  const token = useAppStore((state) => state.auth.accessToken);
  const queryClient = useQueryClient();
  // One client per token (idempotent, so safe during render); none when logged out.
  const client = useMemo(() => (token ? getUserLiveClient(token) : null), [token]);
  const status = useSyncExternalStore(
    (notify) => (client ? client.onStatus(notify) : () => undefined),
    () => client?.getStatus() ?? 'idle',
    () => 'idle' as const,
  );
  // The token whose channel subscription the server refused (an expired token): polling takes over.
  const [refusedFor, setRefusedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!client || !token) return undefined;
    const refresh = coalesce(() => {
      for (const queryKey of USER_LIVE_STALE_KEYS) void queryClient.invalidateQueries({ queryKey });
    }, REFRESH_COALESCE_MS);
    const unsubscribers = USER_CHANNELS.map((channel) =>
      client.subscribe(channel, (frame) => {
        if (frame.type === 'error') setRefusedFor(token);
        else refresh.trigger();
      }),
    );
    let lost = false;
    const offStatus = client.onStatus((next) => {
      if (next === 'reconnecting') lost = true;
      // Frames are not replayed: after a gap, reload what may have changed meanwhile.
      if (next === 'open' && lost) {
        lost = false;
        refresh.trigger();
      }
    });
    return () => {
      offStatus();
      for (const off of unsubscribers) off();
      refresh.cancel();
    };
  }, [client, token, queryClient]);

  return status === 'open' && refusedFor !== token;
}
