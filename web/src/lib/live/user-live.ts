import { useAppStore } from '@/lib/store';
import { LiveClient, liveUrl } from './live-client';

/**
 * The user's own channels on `/ws` (`orders`, `balances`, `account`, `positions`; crates/server/src/features/live/user.rs)
 * need an authenticated connection. Browsers cannot set headers on a WebSocket, so the access token
 * travels as `?token=`; that is why these channels get their own connection, apart from the shared
 * public one (which stays anonymous and survives logins and logouts).
 */
export const USER_CHANNELS = ['orders', 'balances', 'account', 'positions'] as const;

/** One of the user's own channels. */
export type UserChannel = (typeof USER_CHANNELS)[number];

/** The authenticated `/ws` address for a token. */
export function userLiveUrl(base: string, token: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

let current: { token: string; client: LiveClient } | null = null;

/**
 * The tab's authenticated live client for this token. A new token (refresh, another login) replaces
 * the connection, since the server decides who the caller is once, when the socket opens.
 */
export function getUserLiveClient(token: string, create?: (token: string) => LiveClient): LiveClient {
  if (current?.token !== token) {
    current?.client.shutdown();
    const client = create ? create(token) : new LiveClient({ url: () => userLiveUrl(liveUrl(), token) });
    current = { token, client };
  }
  return current.client;
}

/** Closes the authenticated connection (logout, tests). */
export function closeUserLiveClient(): void {
  current?.client.shutdown();
  current = null;
}

// A logged-out tab keeps no socket that the server still knows as the previous user's.
useAppStore.subscribe((state, previous) => {
  if (previous.auth.accessToken && !state.auth.accessToken) closeUserLiveClient();
});

/**
 * Coalesces bursts of calls into one: a fill touches several orders and balances at once, and each
 * frame would otherwise refetch every trading query.
 */
export function coalesce(run: () => void, waitMs: number): { trigger: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    trigger: () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        run();
      }, waitMs);
    },
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
