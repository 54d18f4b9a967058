import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserLiveClient } from '@/lib/live/user-live';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { logIn } from '@/testing/auth';
import { connectUserLive, fakeSocket } from '@/testing/live';
import { QueryWrapper } from '@/testing/render';
import { perpsKeys } from '../api/keys';
import { position, positions } from '../testing/fixtures';
import { usePerpsLiveUpdates } from './use-perps-live';

afterEach(() => closeUserLiveClient());

describe('usePerpsLiveUpdates', () => {
  it('writes each positions frame into the positions query, and a liquidation frame says so once', async () => {
    logIn();
    const { socket, sent, open } = fakeSocket();
    connectUserLive(socket);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => usePerpsLiveUpdates(), { wrapper: QueryWrapper });
    act(open);
    expect(result.current).toBe(true);
    expect(sent.some((text) => text.includes('"positions"'))).toBe(true);

    const marked = positions([position({ markPrice: '95000.0', unrealisedPnl: '10.00' })]);
    act(() => {
      socket.onmessage?.({ data: JSON.stringify({ type: 'positions', channel: 'positions', data: marked }) });
    });
    expect(queryClient.getQueryData(perpsKeys.positions)).toEqual(marked);
    // A marked book is data, not a nudge: nothing is read again for it.
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['perps'] });

    // The hook says it once itself (the toasts would also fold the same message into one).
    const told = vi.spyOn(toast, 'error');
    const liquidation = { type: 'liquidation', channel: 'positions', data: [{ id: 'l1', symbol: 'BTCUSDT-PERP' }] };
    act(() => {
      socket.onmessage?.({ data: JSON.stringify(liquidation) });
      socket.onmessage?.({ data: JSON.stringify(liquidation) });
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['perps'] }));
    expect(told).toHaveBeenCalledTimes(1);
    expect(told).toHaveBeenCalledWith('Posisi Anda di BTCUSDT-PERP dilikuidasi: rasio margin mencapai 100%.');
    invalidate.mockRestore();
  });
});
