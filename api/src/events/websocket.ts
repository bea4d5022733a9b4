import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { AppDeps } from '../app-env.js';
import { authenticateApiToken, bearerTokenOf, type AuthContext } from '../auth/bearer.js';
import { ApiError, type ErrorBody } from '../errors.js';

export const EVENTS_SOCKET_PATH = '/events';
/** A socket that has not authenticated by then is closed. */
const AUTH_TIMEOUT_MS = 10_000;
/** Dead peers are found by pings; one missed pong closes the socket. */
const PING_INTERVAL_MS = 30_000;
/** Close codes in the private range, mirroring HTTP statuses. */
export const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_BAD_REQUEST = 4400;

/**
 * The `/events` WebSocket: every event of the caller's team (or of its token's project), live, as JSON
 * messages shaped like the `TeamEvent` schema. Authenticate with `Authorization: Bearer <token>` on the
 * upgrade, or, where headers cannot be set (browsers), with a first message `{"type":"auth","token":"..."}`.
 * The server answers `{"type":"ready"}` once the subscription is live. `?includeMarkdown=false` leaves
 * result markdown out.
 */
export function attachEventSocket(server: Server, deps: AppDeps): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const alive = new WeakMap<WebSocket, boolean>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== EVENTS_SOCKET_PATH) {
      rejectUpgrade(socket, 404, { code: 'not_found', message: `No WebSocket at ${url.pathname}` });
      return;
    }
    const header = req.headers.authorization;
    const authenticated = header ? authenticateApiToken(deps.db, bearerTokenOf(header)) : Promise.resolve(null);
    authenticated.then(
      (auth) => wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, auth, url.searchParams.get('includeMarkdown') !== 'false')),
      (err: unknown) => {
        if (err instanceof ApiError) rejectUpgrade(socket, err.status, { code: err.code, message: err.message });
        else {
          deps.logger.error('Authenticating an events socket failed', err);
          rejectUpgrade(socket, 500, { code: 'internal_error', message: 'Internal server error' });
        }
      },
    );
  };

  const onConnection = (ws: WebSocket, headerAuth: AuthContext | null, includeMarkdown: boolean): void => {
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    let subscription: { close(): void } | null = null;
    let closed = false;
    ws.once('close', () => {
      closed = true;
      subscription?.close();
    });

    const start = async (auth: AuthContext): Promise<void> => {
      const sub = await deps.events.subscribe({
        teamId: auth.teamId,
        projectId: auth.projectId,
        omitMarkdown: !includeMarkdown,
        deliver: async (events) => {
          for (const event of events) {
            if (ws.readyState !== ws.OPEN) return;
            await new Promise<void>((resolve) => ws.send(JSON.stringify(event), () => resolve()));
          }
        },
      });
      if (closed) sub.close();
      else {
        subscription = sub;
        ws.send(JSON.stringify({ type: 'ready' }));
      }
    };

    if (headerAuth) {
      void start(headerAuth).catch((err: unknown) => fail(ws, err));
      ws.on('message', () => ws.close(CLOSE_BAD_REQUEST, 'This socket only sends'));
      return;
    }
    const timer = setTimeout(() => ws.close(CLOSE_UNAUTHORIZED, 'Authenticate within 10 seconds'), AUTH_TIMEOUT_MS);
    ws.once('close', () => clearTimeout(timer));
    ws.once('message', (data: RawData) => {
      clearTimeout(timer);
      const token = readAuthMessage(data);
      if (!token) {
        ws.close(CLOSE_UNAUTHORIZED, 'Send {"type":"auth","token":"<API token>"} first');
        return;
      }
      authenticateApiToken(deps.db, token)
        .then((auth) => {
          ws.on('message', () => ws.close(CLOSE_BAD_REQUEST, 'This socket only sends'));
          return start(auth);
        })
        .catch((err: unknown) => fail(ws, err));
    });
  };

  const fail = (ws: WebSocket, err: unknown): void => {
    if (err instanceof ApiError && err.status === 401) ws.close(CLOSE_UNAUTHORIZED, err.message);
    else {
      deps.logger.error('Starting an events socket failed', err);
      ws.close(1011, 'Internal server error');
    }
  };

  const pinger = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.get(ws)) ws.terminate();
      else {
        alive.set(ws, false);
        ws.ping();
      }
    }
  }, PING_INTERVAL_MS);
  pinger.unref();

  server.on('upgrade', onUpgrade);
  return {
    async close() {
      clearInterval(pinger);
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function readAuthMessage(data: RawData): string | null {
  try {
    const message = JSON.parse(data.toString()) as unknown;
    if (typeof message === 'object' && message !== null && 'type' in message && message.type === 'auth' && 'token' in message && typeof message.token === 'string') {
      return message.token;
    }
  } catch {
    // Not JSON: not an auth message.
  }
  return null;
}

function rejectUpgrade(socket: Duplex, status: number, body: ErrorBody): void {
  const text = JSON.stringify(body);
  const reason = status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : status === 500 ? 'Internal Server Error' : 'Bad Request';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
}
