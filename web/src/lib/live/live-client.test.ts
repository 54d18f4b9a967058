import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, liveUrl, reconnectDelayMs, type LiveFrame, type SocketLike } from './live-client';

/** A stand-in for the browser's WebSocket that records what the client sends. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<{ op: string; channels?: string[] }> = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data) as { op: string; channels?: string[] });
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverMessage(body: unknown) {
    this.onmessage?.({ data: JSON.stringify(body) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const client = new LiveClient({
    url: () => 'ws://test/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    reconnectDelayBaseMs: 1_000,
    reconnectDelayMaxMs: 8_000,
    pingIntervalMs: 20_000,
    silenceTimeoutMs: 45_000,
    idleCloseMs: 10_000,
  });
  return { client, sockets };
}

const tick = (channel: string, last: string): LiveFrame => ({ type: 'ticker', channel, data: { last } });

describe('live client (/ws)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens one socket lazily and subscribes every channel once it is open', () => {
    const { client, sockets } = setup();
    expect(sockets).toHaveLength(0);
    client.subscribe('ticker:BTC-IDR', () => undefined);
    client.subscribe('orderbook:BTC-IDR', () => undefined);
    expect(sockets).toHaveLength(1);
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ op: 'subscribe', channels: ['ticker:BTC-IDR', 'orderbook:BTC-IDR'] }]);
    expect(client.getStatus()).toBe('open');
  });

  it('counts references per channel: the server hears one subscribe and one unsubscribe', () => {
    const { client, sockets } = setup();
    const first = client.subscribe('ticker:BTC-IDR', () => undefined);
    sockets[0]!.open();
    const second = client.subscribe('ticker:BTC-IDR', () => undefined);
    expect(client.refCount('ticker:BTC-IDR')).toBe(2);
    first();
    first(); // releasing twice is harmless
    expect(sockets[0]!.sent.filter((m) => m.op === 'unsubscribe')).toHaveLength(0);
    second();
    expect(client.refCount('ticker:BTC-IDR')).toBe(0);
    expect(sockets[0]!.sent).toEqual([
      { op: 'subscribe', channels: ['ticker:BTC-IDR'] },
      { op: 'unsubscribe', channels: ['ticker:BTC-IDR'] },
    ]);
  });

  it('routes frames by channel and gives a late listener the latest frame at once', () => {
    const { client, sockets } = setup();
    const btc: LiveFrame[] = [];
    const eth: LiveFrame[] = [];
    client.subscribe('ticker:BTC-IDR', (f) => btc.push(f));
    client.subscribe('ticker:ETH-IDR', (f) => eth.push(f));
    sockets[0]!.open();
    sockets[0]!.serverMessage({ type: 'subscribed', channels: ['ticker:BTC-IDR', 'ticker:ETH-IDR'] });
    sockets[0]!.serverMessage(tick('ticker:BTC-IDR', '1'));
    sockets[0]!.serverMessage(tick('ticker:BTC-IDR', '2'));
    sockets[0]!.serverMessage({ type: 'pong' });
    expect(btc.map((f) => (f.data as { last: string }).last)).toEqual(['1', '2']);
    expect(eth).toHaveLength(0);
    const late: LiveFrame[] = [];
    client.subscribe('ticker:BTC-IDR', (f) => late.push(f));
    expect(late.map((f) => (f.data as { last: string }).last)).toEqual(['2']);
  });

  it('ignores malformed frames and frames of channels nobody wants', () => {
    const { client, sockets } = setup();
    const seen: LiveFrame[] = [];
    client.subscribe('ticker:BTC-IDR', (f) => seen.push(f));
    sockets[0]!.open();
    sockets[0]!.onmessage?.({ data: 'not json' });
    sockets[0]!.onmessage?.({ data: new ArrayBuffer(2) });
    sockets[0]!.serverMessage(tick('ticker:OTHER', '9'));
    expect(seen).toHaveLength(0);
  });

  it('passes error frames of a channel to its listeners without keeping them as state', () => {
    const { client, sockets } = setup();
    const seen: LiveFrame[] = [];
    client.subscribe('ticker:NOPE', (f) => seen.push(f));
    sockets[0]!.open();
    sockets[0]!.serverMessage({ type: 'error', code: 'unknown_channel', message: 'x', channel: 'ticker:NOPE' });
    expect(seen[0]?.code).toBe('unknown_channel');
    expect(client.lastFrame('ticker:NOPE')).toBeUndefined();
  });

  it('reconnects with growing delays and resubscribes to every channel still wanted', () => {
    const { client, sockets } = setup();
    client.subscribe('ticker:BTC-IDR', () => undefined);
    const leave = client.subscribe('candles:BTC-IDR:60', () => undefined);
    sockets[0]!.open();
    sockets[0]!.drop();
    expect(client.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop(); // refused again: the next wait doubles
    vi.advanceTimersByTime(1_999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    leave();
    sockets[2]!.open();
    expect(sockets[2]!.sent).toEqual([{ op: 'subscribe', channels: ['ticker:BTC-IDR'] }]);
    expect(client.getStatus()).toBe('open');
  });

  it('caps the backoff', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => reconnectDelayMs(n, 1_000, 8_000))).toEqual([
      1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
  });

  it('sends a heartbeat ping and replaces a connection that went silent', () => {
    const { client, sockets } = setup();
    client.subscribe('ticker:BTC-IDR', () => undefined);
    sockets[0]!.open();
    vi.advanceTimersByTime(20_000);
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'ping' });
    sockets[0]!.serverMessage({ type: 'pong' });
    vi.advanceTimersByTime(40_000); // 40 s since the pong: still fine
    expect(sockets[0]!.closed).toBe(false);
    vi.advanceTimersByTime(20_000); // 60 s of silence
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('closes the socket a while after the last subscription ends, and keeps it when one comes back', () => {
    const { client, sockets } = setup();
    const leave = client.subscribe('ticker:BTC-IDR', () => undefined);
    sockets[0]!.open();
    leave();
    vi.advanceTimersByTime(5_000);
    const again = client.subscribe('ticker:ETH-IDR', () => undefined);
    vi.advanceTimersByTime(10_000);
    expect(sockets[0]!.closed).toBe(false);
    expect(sockets).toHaveLength(1);
    again();
    vi.advanceTimersByTime(10_000);
    expect(sockets[0]!.closed).toBe(true);
    expect(client.getStatus()).toBe('idle');
  });

  it('builds the socket URL from the page origin', () => {
    expect(liveUrl({ protocol: 'https:', host: 'lumbung.example' })).toBe('wss://lumbung.example/ws');
    expect(liveUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
  });
});

describe('reconnect notice', () => {
  it('reports reconnecting then open, so widgets can reload what they missed', () => {
    vi.useFakeTimers();
    const { client, sockets } = setup();
    const statuses: string[] = [];
    client.onStatus((s) => statuses.push(s));
    client.subscribe('orderbook:BTC-IDR', () => undefined);
    sockets[0]!.open();
    sockets[0]!.drop();
    vi.advanceTimersByTime(1_000);
    sockets[1]!.open();
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    vi.useRealTimers();
  });
});
