import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getLiveClient, type LiveFrame, type LiveStatus } from './live-client';

/**
 * Calls `onFrame` with every frame of `channel` while the component is mounted (none when the
 * channel is null). The callback may change between renders without resubscribing.
 */
export function useLiveChannel<T = unknown>(channel: string | null, onFrame: (frame: LiveFrame<T>) => void): void {
  const callback = useRef(onFrame);
  useEffect(() => {
    callback.current = onFrame;
  });
  useEffect(() => {
    if (!channel) return undefined;
    return getLiveClient().subscribe(channel, (frame) => callback.current(frame as LiveFrame<T>));
  }, [channel]);
}

/** The live connection's status, for a "live / reconnecting" indicator. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (notify) => getLiveClient().onStatus(notify),
    () => getLiveClient().getStatus(),
    () => 'idle' as const,
  );
}

/**
 * Calls `onReconnect` each time the live connection opens again after it was lost, so a widget can
 * reload the state it may have missed meanwhile (frames are the latest state, not a history).
 */
export function useOnLiveReconnect(onReconnect: () => void): void {
  const callback = useRef(onReconnect);
  useEffect(() => {
    callback.current = onReconnect;
  });
  useEffect(() => {
    let lost = false;
    return getLiveClient().onStatus((status) => {
      if (status === 'reconnecting') lost = true;
      if (status === 'open' && lost) {
        lost = false;
        callback.current();
      }
    });
  }, []);
}
