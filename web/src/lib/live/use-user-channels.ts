import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useAppStore } from '@/lib/store';
import { coalesce, getUserLiveClient, type UserChannel } from './user-live';

/** Frames of one event arrive together (a fill touches several orders); one refetch per window is enough. */
const REFRESH_COALESCE_MS = 250;

/**
 * While logged in, listens to the given user channels and refreshes the queries under `staleKeys`
 * whenever a frame arrives (frames are nudges: the queries read the figures again). Returns whether
 * every channel is live, so screens can drop their polling then (and resume it when the connection
 * or a subscription is lost). Pass stable arrays (module constants).
 */
export function useUserChannels(channels: readonly UserChannel[], staleKeys: readonly QueryKey[]): boolean {
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
      for (const queryKey of staleKeys) void queryClient.invalidateQueries({ queryKey });
    }, REFRESH_COALESCE_MS);
    const unsubscribers = channels.map((channel) =>
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
  }, [client, token, queryClient, channels, staleKeys]);

  return status === 'open' && refusedFor !== token;
}
