// Apart from testing/live.ts on purpose: that one loads the user's live client, whose module watches
// the store, and tests of the public live channels must not load it.
import { LiveClient, setLiveClient, type SocketLike } from '@/lib/live/live-client';

/**
 * A socket for tests that hold the live frames in their own hands: it stays in the state it is made
 * in (0, connecting: it never opens by itself; 1, open) until the test sets it, records what the
 * client sends, and the test calls `onmessage` to deliver a frame.
 */
export class TestSocket implements SocketLike {
  readonly sent: string[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(public readyState = 0) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
}

/** Makes the app's live client use `TestSocket`s; the array fills with each socket the client opens. */
export function installTestSockets(readyState = 0): TestSocket[] {
  const sockets: TestSocket[] = [];
  setLiveClient(
    new LiveClient({
      url: () => 'ws://test/ws',
      createSocket: () => {
        const socket = new TestSocket(readyState);
        sockets.push(socket);
        return socket;
      },
    }),
  );
  return sockets;
}
