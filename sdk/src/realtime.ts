// The `/events` WebSocket: every live event of the caller's team, typed, with the reconnection rules the
// console follows (SPEC.md section 9: one reconnection attempt, 1000 ms apart, 20000 ms to connect).
import type { TeamEvent } from './gen/types.gen.js';

/**
 * An event handler property. Declared as a method's type so that the richer event types of browsers' and `ws`'s
 * sockets fit it (method parameters are checked both ways).
 */
type Handler<E> = { handle(event: E): void }['handle'];

/** The part of the WebSocket API this helper uses; browsers' `WebSocket` and the `ws` package both have it. */
export interface WebSocketLike {
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** A WebSocket constructor, such as `globalThis.WebSocket` or `WebSocket` from the `ws` package. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Options of {@link connectTeamEvents}. */
export interface TeamEventsOptions {
  /** Where the API answers, such as `http://localhost:3000`; the socket is `/events` there (ws: or wss:). */
  baseUrl: string;
  /**
   * An API token, sent as the socket's first message. Without one the socket rides on the browser's session
   * cookie, which the server accepts only from its own pages.
   */
  token?: string;
  /** Send each result's markdown in `CRAWL_RESULT_CREATED_EVENT`; `false` for clients that only count. @default true */
  includeMarkdown?: boolean;
  /** The WebSocket implementation; Node.js 20 has none built in (pass `WebSocket` from `ws`). @default globalThis.WebSocket */
  WebSocket?: WebSocketConstructor;
  /** Reconnections tried after the socket drops, before giving up. @default 1 */
  reconnectionAttempts?: number;
  /** Milliseconds before a reconnection. @default 1000 */
  reconnectionDelayMs?: number;
  /** Milliseconds a connection may take to become ready (`{"type":"ready"}`) before it counts as failed. @default 20000 */
  timeoutMs?: number;
  /**
   * Called when the server closes the socket with 4401 (the session expired). Renew the session and resolve
   * `true` to connect again at once; `false` (or a rejection) closes the connection for good.
   */
  onUnauthorized?: () => Promise<boolean>;
}

/** `connecting` until the server says it is ready, `open` while events flow, `closed` once it gave up or was closed. */
export type TeamEventsStatus = 'connecting' | 'open' | 'closed';

/** A live connection to the `/events` socket. Create one with {@link connectTeamEvents}. */
export interface TeamEventsConnection {
  /** The connection's state now. */
  readonly status: TeamEventsStatus;
  /** Calls `listener` with every event of the team; returns a function that stops it. */
  subscribe(listener: (event: TeamEvent) => void): () => void;
  /** Calls `listener` whenever the status changes; returns a function that stops it. */
  onStatus(listener: (status: TeamEventsStatus) => void): () => void;
  /** Drops the socket and connects again now, with the reconnection attempts counted afresh (after a session renewal). */
  reconnect(): void;
  /** Closes the socket for good. */
  close(): void;
}

/** The close code with which the server says the session expired (HTTP 401 in the private range). */
export const CLOSE_UNAUTHORIZED = 4401;

const EVENT_TYPES = new Set<string>([
  'CRAWL_EVENT',
  'CRAWL_RESULT_CREATED_EVENT',
  'CRAWL_LOG_CREATED_EVENT',
  'SUBSCRIPTION_CHANGED_EVENT',
]);

/** The socket's address: the API's, with ws: or wss: for http: or https:. */
export function teamEventsUrl(baseUrl: string, includeMarkdown = true): string {
  const url = new URL('/events', baseUrl.replace(/\/+$/, '') + '/');
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (!includeMarkdown) url.searchParams.set('includeMarkdown', 'false');
  return url.href;
}

function parseMessage(data: unknown): { type: string } | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as unknown;
    return typeof message === 'object' &&
      message !== null &&
      typeof (message as { type?: unknown }).type === 'string'
      ? (message as { type: string })
      : null;
  } catch {
    return null;
  }
}

/**
 * Connects to the `/events` WebSocket and delivers every event of the team: `CRAWL_EVENT` (a crawl started or
 * changed status), `CRAWL_RESULT_CREATED_EVENT`, `CRAWL_LOG_CREATED_EVENT` and `SUBSCRIPTION_CHANGED_EVENT`.
 * A dropped socket is reconnected `reconnectionAttempts` times; a 4401 close calls `onUnauthorized`.
 * Events missed while disconnected are not replayed: read the state again after a reconnection.
 *
 * @example
 * import WebSocket from 'ws';
 * const events = connectTeamEvents({ baseUrl: 'http://localhost:3000', token, WebSocket });
 * events.subscribe((event) => {
 *   if (event.type === 'CRAWL_EVENT') console.log(event.crawl.id, event.crawl.status);
 * });
 */
export function connectTeamEvents(options: TeamEventsOptions): TeamEventsConnection {
  const found = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!found)
    throw new TypeError(
      'No WebSocket implementation: pass options.WebSocket (such as WebSocket from the ws package on Node.js 20)',
    );
  const Socket: WebSocketConstructor = found;
  const url = teamEventsUrl(options.baseUrl, options.includeMarkdown ?? true);
  const maxAttempts = options.reconnectionAttempts ?? 1;
  const delayMs = options.reconnectionDelayMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 20_000;

  const listeners = new Set<(event: TeamEvent) => void>();
  const statusListeners = new Set<(status: TeamEventsStatus) => void>();
  let status: TeamEventsStatus = 'connecting';
  let socket: WebSocketLike | null = null;
  let attempts = 0;
  let closedForGood = false;
  // A session renewed and the very next socket refused too: renewing again would loop.
  let renewedSinceReady = false;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setStatus = (next: TeamEventsStatus): void => {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  };

  const detach = (ws: WebSocketLike): void => {
    ws.onopen = ws.onmessage = ws.onclose = null;
    // Closing a socket that is still connecting reports an error (an uncaught one, for `ws`, with no listener).
    ws.onerror = () => undefined;
  };

  const drop = (): void => {
    clearTimeout(connectTimer);
    clearTimeout(retryTimer);
    if (socket) {
      detach(socket);
      socket.close();
      socket = null;
    }
  };

  const giveUp = (): void => {
    drop();
    setStatus('closed');
  };

  const retry = (): void => {
    if (attempts >= maxAttempts) return giveUp();
    attempts += 1;
    setStatus('connecting');
    retryTimer = setTimeout(connect, delayMs);
  };

  const onDropped = (code: number): void => {
    clearTimeout(connectTimer);
    socket = null;
    if (closedForGood) return;
    if (code === CLOSE_UNAUTHORIZED && options.onUnauthorized && !renewedSinceReady) {
      renewedSinceReady = true;
      setStatus('connecting');
      options.onUnauthorized().then(
        (renewed) => {
          if (closedForGood) return;
          if (renewed) connect();
          else giveUp();
        },
        () => giveUp(),
      );
      return;
    }
    if (code === CLOSE_UNAUTHORIZED) return giveUp();
    retry();
  };

  function connect(): void {
    if (closedForGood) return;
    // One socket at a time: a renewal's reconnect() and its own 4401 handling may both ask for one.
    drop();
    setStatus('connecting');
    const ws = new Socket(url);
    socket = ws;
    connectTimer = setTimeout(() => {
      detach(ws);
      ws.close();
      onDropped(1006);
    }, timeoutMs);
    ws.onopen = () => {
      if (options.token) ws.send(JSON.stringify({ type: 'auth', token: options.token }));
    };
    ws.onmessage = ({ data }) => {
      const message = parseMessage(data);
      if (!message) return;
      if (message.type === 'ready') {
        clearTimeout(connectTimer);
        attempts = 0;
        renewedSinceReady = false;
        setStatus('open');
        return;
      }
      if (!EVENT_TYPES.has(message.type)) return;
      for (const listener of [...listeners]) listener(message as TeamEvent);
    };
    ws.onerror = () => {
      // A close event follows every error; the reconnection is decided there.
    };
    ws.onclose = ({ code }) => {
      detach(ws);
      onDropped(code);
    };
  }

  connect();

  return {
    get status() {
      return status;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    reconnect() {
      if (closedForGood) return;
      attempts = 0;
      connect();
    },
    close() {
      closedForGood = true;
      giveUp();
    },
  };
}
