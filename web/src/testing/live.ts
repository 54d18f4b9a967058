import { LiveClient, type SocketLike } from '@/lib/live/live-client';
import { getUserLiveClient } from '@/lib/live/user-live';
import { useAppStore } from '@/lib/store';

/** A socket the test drives: it records what the client sends and delivers the frames it is given. */
export function fakeSocket() {
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
  return {
    socket,
    sent,
    open() {
      (socket as { readyState: number }).readyState = 1;
      socket.onopen?.({});
    },
    deliver(frame: unknown) {
      socket.onmessage?.({ data: JSON.stringify(frame) });
    },
  };
}

/** Makes the logged-in user's live client talk through `socket`. */
export function connectUserLive(socket: SocketLike) {
  getUserLiveClient(
    useAppStore.getState().auth.accessToken!,
    () => new LiveClient({ url: () => 'ws://test/ws', createSocket: () => socket }),
  );
}
