import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserLiveClient } from '@/lib/live/user-live';
import { queryClient } from '@/lib/query-client';
import { logIn } from '@/testing/auth';
import { connectUserLive, fakeSocket } from '@/testing/live';
import { QueryWrapper } from '@/testing/render';
import { useUsLiveUpdates } from './use-us-live';

afterEach(() => closeUserLiveClient());

describe('useUsLiveUpdates', () => {
  it('an order frame refreshes the US-stock lists and positions, the USD wallet and the portfolio', async () => {
    logIn();
    const { socket, sent, open } = fakeSocket();
    connectUserLive(socket);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useUsLiveUpdates(), { wrapper: QueryWrapper });
    act(open);
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
