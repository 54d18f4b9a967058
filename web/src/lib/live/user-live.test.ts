import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveClient } from '@/lib/live/live-client';
import { closeUserLiveClient, coalesce, getUserLiveClient, userLiveUrl } from './user-live';

describe('user live channels', () => {
  afterEach(() => {
    closeUserLiveClient();
    vi.useRealTimers();
  });

  it('puts the token into the /ws address, encoded', () => {
    expect(userLiveUrl('ws://host/ws', 'a b+c')).toBe('ws://host/ws?token=a%20b%2Bc');
    expect(userLiveUrl('ws://host/ws?x=1', 't')).toBe('ws://host/ws?x=1&token=t');
  });

  it('keeps one client per token and replaces it when the token changes', () => {
    const made: LiveClient[] = [];
    const create = () => {
      const client = new LiveClient({ url: () => 'ws://test/ws' });
      vi.spyOn(client, 'shutdown');
      made.push(client);
      return client;
    };
    const first = getUserLiveClient('t1', create);
    expect(getUserLiveClient('t1', create)).toBe(first);
    const second = getUserLiveClient('t2', create);
    expect(second).not.toBe(first);
    expect(first.shutdown).toHaveBeenCalledTimes(1);
    expect(made).toHaveLength(2);
  });

  it('coalesces a burst of frames into one refresh', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const refresh = coalesce(run, 250);
    refresh.trigger();
    refresh.trigger();
    refresh.trigger();
    vi.advanceTimersByTime(250);
    expect(run).toHaveBeenCalledTimes(1);
    refresh.trigger();
    refresh.cancel();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
