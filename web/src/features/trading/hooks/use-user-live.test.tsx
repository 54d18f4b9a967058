import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveClient } from '@/lib/live/live-client';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { logIn } from '@/testing/auth';
import { fakeSocket } from '@/testing/live';
import { QueryWrapper } from '@/testing/render';
import { useUserLiveUpdates } from './use-user-live';
import { closeUserLiveClient, getUserLiveClient } from '@/lib/live/user-live';

afterEach(() => closeUserLiveClient());

describe('useUserLiveUpdates', () => {
  it('subscribes to orders and balances, refreshes trading, wallet and portfolio queries, and reports live', async () => {
    logIn();
    const token = useAppStore.getState().auth.accessToken!;
    const fake = fakeSocket();
    let url = '';
    getUserLiveClient(token, (t) => {
      url = `ws://test/ws?token=${t}`;
      return new LiveClient({ url: () => url, createSocket: () => fake.socket });
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useUserLiveUpdates(), { wrapper: QueryWrapper });
    expect(result.current).toBe(false);

    act(fake.open);
    expect(result.current).toBe(true);
    expect(fake.sent.some((text) => text.includes('"orders"') && text.includes('"balances"'))).toBe(true);

    act(() => {
      fake.socket.onmessage?.({ data: JSON.stringify({ type: 'order', channel: 'orders', data: { orderId: 'o1' } }) });
      fake.socket.onmessage?.({ data: JSON.stringify({ type: 'balance', channel: 'balances', data: {} }) });
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['trading'] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['portfolio'] });
    // One burst, one refresh of each key.
    expect(invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[0] === 'trading')).toHaveLength(1);

    // A refused subscription (expired token): not live, so the lists poll again.
    act(() => {
      fake.socket.onmessage?.({
        data: JSON.stringify({ type: 'error', channel: 'orders', code: 'forbidden', message: 'log in' }),
      });
    });
    expect(result.current).toBe(false);
    invalidate.mockRestore();
  });
});
