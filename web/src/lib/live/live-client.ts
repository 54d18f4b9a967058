/**
 * The one WebSocket to the server's live hub (`/ws`, docs/markets.md): every widget that wants live
 * data asks this client for a channel (`ticker:BTC-IDR`, `candles:BTC-IDR:60`, `orderbook:BTC-IDR`,
 * `trades:…`, `flags:…`) and gets the frames of that channel until it lets go.
 *
 * - One connection for the whole tab, opened on the first subscription and closed a while after the
 *   last one ends (so moving between pages does not churn sockets).
 * - Subscriptions are reference-counted per channel: two widgets on the same ticker share one server
 *   subscription, and the server hears `unsubscribe` only when the last one leaves.
 * - The last frame of every channel is kept, so a widget that joins an already-live channel gets the
 *   current state at once instead of waiting for the next change.
 * - Reconnect with capped exponential backoff, then resubscribe to every channel still wanted.
 * - Heartbeat: an application `ping` every 20 s; a connection silent for 45 s is considered dead
 *   (a sleeping laptop or a dropped NAT entry never says goodbye) and is replaced.
 */

/** One server message about a channel: `{type, channel, data}` (errors carry code and message). */
export interface LiveFrame<T = unknown> {
  type: string;
  channel: string;
  data: T;
  code?: string;
  message?: string;
}

export type LiveListener = (frame: LiveFrame) => void;
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** The part of the browser's WebSocket the client uses (a fake stands in for it in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface LiveClientOptions {
  url: () => string;
  createSocket?: (url: string) => SocketLike;
  /** Backoff before reconnect attempt n (from 1); capped at reconnectDelayMaxMs. */
  reconnectDelayBaseMs?: number;
  reconnectDelayMaxMs?: number;
  pingIntervalMs?: number;
  /** With no message at all for this long, the connection is replaced. */
  silenceTimeoutMs?: number;
  /** How long the socket stays open after the last subscription ends. */
  idleCloseMs?: number;
}

const OPEN = 1;
/** The server refuses more than 50 channels in one message (its per-connection maximum). */
export const CHANNELS_PER_MESSAGE_MAX = 50;
export const LIVE_PING_INTERVAL_MS = 20_000;
export const LIVE_SILENCE_TIMEOUT_MS = 45_000;
export const LIVE_RECONNECT_DELAY_BASE_MS = 1_000;
export const LIVE_RECONNECT_DELAY_MAX_MS = 30_000;
export const LIVE_IDLE_CLOSE_MS = 10_000;

/** Reconnect delay for attempt n (1-based): base × 2^(n-1), capped. */
export function reconnectDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class LiveClient {
  private readonly options: Required<LiveClientOptions>;
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private readonly lastFrames = new Map<string, LiveFrame>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private socket: SocketLike | null = null;
  private status: LiveStatus = 'idle';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastMessageAt = 0;

  constructor(options: LiveClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      reconnectDelayBaseMs: LIVE_RECONNECT_DELAY_BASE_MS,
      reconnectDelayMaxMs: LIVE_RECONNECT_DELAY_MAX_MS,
      pingIntervalMs: LIVE_PING_INTERVAL_MS,
      silenceTimeoutMs: LIVE_SILENCE_TIMEOUT_MS,
      idleCloseMs: LIVE_IDLE_CLOSE_MS,
      ...options,
    };
  }

  /** Listens to a channel until the returned function is called. */
  subscribe(channel: string, listener: LiveListener): () => void {
    let set = this.listeners.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    this.cancelIdleClose();
    if (first) {
      if (this.socket?.readyState === OPEN) this.send({ op: 'subscribe', channels: [channel] });
      else this.ensureConnected();
    } else {
      const last = this.lastFrames.get(channel);
      if (last) listener(last);
    }
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.release(channel, listener);
    };
  }

  /** The number of widgets listening to a channel (0 when not subscribed). */
  refCount(channel: string): number {
    return this.listeners.get(channel)?.size ?? 0;
  }

  /** The latest frame seen on a channel. */
  lastFrame(channel: string): LiveFrame | undefined {
    return this.lastFrames.get(channel);
  }

  getStatus(): LiveStatus {
    return this.status;
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Closes the connection and forgets every subscription (tests, page unload). */
  shutdown(): void {
    this.listeners.clear();
    this.lastFrames.clear();
    this.teardownSocket();
    this.clearReconnect();
    this.cancelIdleClose();
    this.setStatus('idle');
  }

  private release(channel: string, listener: LiveListener): void {
    const set = this.listeners.get(channel);
    if (!set) return;
    set.delete(listener);
    if (set.size > 0) return;
    this.listeners.delete(channel);
    this.lastFrames.delete(channel);
    if (this.socket?.readyState === OPEN) this.send({ op: 'unsubscribe', channels: [channel] });
    if (this.listeners.size === 0) this.scheduleIdleClose();
  }

  private ensureConnected(): void {
    if (this.socket || this.reconnectTimer) return;
    this.connect();
  }

  private connect(): void {
    this.setStatus(this.attempt > 0 ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.lastMessageAt = Date.now();
      this.setStatus('open');
      const channels = [...this.listeners.keys()];
      for (const batch of chunks(channels, CHANNELS_PER_MESSAGE_MAX)) this.send({ op: 'subscribe', channels: batch });
      this.startHeartbeat();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.lastMessageAt = Date.now();
      this.dispatch(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.teardownSocket();
      if (this.listeners.size > 0) this.scheduleReconnect();
      else this.setStatus('idle');
    };
    // An error is always followed by close, which decides what happens next.
    socket.onerror = () => undefined;
  }

  private dispatch(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let frame: LiveFrame;
    try {
      frame = JSON.parse(raw) as LiveFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame.channel !== 'string') return; // pong, subscribed, unsubscribed
    const set = this.listeners.get(frame.channel);
    if (!set) return; // a late frame for a channel just left
    if (frame.type !== 'error') this.lastFrames.set(frame.channel, frame);
    for (const listener of [...set]) listener(frame);
  }

  private send(message: { op: string; channels?: string[] }): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // A send on a dying socket: its close handler reconnects and resubscribes.
    }
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastMessageAt >= this.options.silenceTimeoutMs) {
        const socket = this.socket;
        this.teardownSocket();
        socket?.close(4000, 'silent');
        if (this.listeners.size > 0) this.scheduleReconnect();
        return;
      }
      this.send({ op: 'ping' });
    }, this.options.pingIntervalMs);
  }

  private stopHeartbeat(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private teardownSocket(): void {
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    if (socket.readyState <= OPEN) {
      try {
        socket.close(1000, 'bye');
      } catch {
        // already closing
      }
    }
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    this.attempt += 1;
    this.setStatus('reconnecting');
    const delay = reconnectDelayMs(this.attempt, this.options.reconnectDelayBaseMs, this.options.reconnectDelayMaxMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.listeners.size > 0) this.connect();
      else this.setStatus('idle');
    }, delay);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private scheduleIdleClose(): void {
    this.cancelIdleClose();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.listeners.size > 0) return;
      this.teardownSocket();
      this.clearReconnect();
      this.attempt = 0;
      this.setStatus('idle');
    }, this.options.idleCloseMs);
  }

  private cancelIdleClose(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}

/** `ws://host/ws` or `wss://host/ws` for the page's origin. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

let shared: LiveClient | null = null;

/** The tab's one live client. */
export function getLiveClient(): LiveClient {
  shared ??= new LiveClient({ url: () => liveUrl() });
  return shared;
}

/** Replaces the shared client (tests). */
export function setLiveClient(client: LiveClient | null): void {
  shared?.shutdown();
  shared = client;
}
