import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, type SocketLike } from '@/lib/live/live-client';
import { closeUserLiveClient, getUserLiveClient } from '@/lib/live/user-live';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/lib/store';
import { logIn } from '@/testing/auth';
import { useUsLiveUpdates } from './use-us-live';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

afterEach(() => closeUserLiveClient());

describe('useUsLiveUpdates', () => {
  it('an order frame refreshes the US-stock lists and positions, the USD wallet and the portfolio', async () => {
    logIn();
    const sent: string[] = [];
    const socket: SocketLike = {
      readyState: 0,
      send: (data) => sent.push(data),
      close: () => undefined,
      onopen: null,
      onclose: null,
      onerror: null,
      onmessage: null,
    };
    getUserLiveClient(
      useAppStore.getState().auth.accessToken!,
      () => new LiveClient({ url: () => 'ws://test/ws', createSocket: () => socket }),
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useUsLiveUpdates(), { wrapper });
    act(() => {
      (socket as { readyState: number }).readyState = 1;
      socket.onopen?.({});
    });
    expect(result.current).toBe(true);
    expect(sent.some((text) => text.includes('"orders"'))).toBe(true);

    act(() => {
      socket.onmessage?.({ data: JSON.stringify({ type: 'order', channel: 'orders', data: { orderId: 'o1' } }) });
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['usStocks'] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['usd', 'balance'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['portfolio'] });
    invalidate.mockRestore();
  });
});
