import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { parse as parseCookies } from 'hono/utils/cookie';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { AppDeps } from '../app-env.js';
import { authenticateApiToken, bearerTokenOf, type AuthContext } from '../auth/bearer.js';
import { COOKIES, isOwnOrigin, readAccessToken, sessionKey } from '../auth/sessions.js';
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
 * upgrade, with the console's session cookie (`trawl_access`), or, where headers cannot be set, with a
 * first message `{"type":"auth","token":"..."}`. The server answers `{"type":"ready"}` once the
 * subscription is live. `?includeMarkdown=false` leaves result markdown out.
 *
 * Browsers send cookies on cross-site WebSocket upgrades too, so a cookie counts only when the upgrade's
 * `Origin` is this server's (its public URL, or the host it was reached on): any other Origin, or none,
 * gets a 403 on the upgrade. Tokens are never ambient, so token clients may come from anywhere.
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
    let authenticated: ReturnType<typeof authenticateUpgrade>;
    try {
      authenticated = authenticateUpgrade(req, deps);
    } catch (err: unknown) {
      authenticated = Promise.reject(err);
    }
    authenticated.then(
      (auth) =>
        wss.handleUpgrade(req, socket, head, (ws) => {
          // A page cannot read the status of a refused upgrade, but it sees close codes: 4401 tells the
          // console to refresh its session and reconnect (SPEC.md section 8).
          if (auth === SESSION_EXPIRED) ws.close(CLOSE_UNAUTHORIZED, SESSION_EXPIRED_MESSAGE);
          else onConnection(ws, auth, url.searchParams.get('includeMarkdown') !== 'false');
        }),
      (err: unknown) => {
        if (err instanceof ApiError)
          rejectUpgrade(socket, err.status, { code: err.code, message: err.message });
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
    const timer = setTimeout(
      () => ws.close(CLOSE_UNAUTHORIZED, 'Authenticate within 10 seconds'),
      AUTH_TIMEOUT_MS,
    );
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

const SESSION_EXPIRED = Symbol('session expired');
const SESSION_EXPIRED_MESSAGE = 'Your session has expired; refresh it or sign in again';

/**
 * Who the upgrade speaks for: a bearer header wins; else the session cookie, from this server's own pages
 * only (an expired session is let in only to be closed with 4401); else nobody yet (the first message
 * must authenticate).
 */
function authenticateUpgrade(
  req: IncomingMessage,
  deps: AppDeps,
): Promise<AuthContext | null | typeof SESSION_EXPIRED> {
  const header = req.headers.authorization;
  if (header) return authenticateApiToken(deps.db, bearerTokenOf(header));
  const access = parseCookies(req.headers.cookie ?? '', COOKIES.access)[COOKIES.access];
  if (!access) return Promise.resolve(null);
  const origin = req.headers.origin;
  const scheme = 'encrypted' in req.socket ? 'https' : 'http';
  const requestUrl = req.headers.host ? `${scheme}://${req.headers.host}` : undefined;
  if (!origin || !isOwnOrigin(origin, deps.config.publicUrl, requestUrl)) {
    throw new ApiError(
      403,
      'origin_not_allowed',
      origin
        ? `Session cookies are accepted only from this server's pages, not from ${origin}`
        : 'Session cookies need the Origin header of this server; other clients authenticate with an API token',
    );
  }
  return (async () => {
    const claims = await readAccessToken(
      deps.db,
      await sessionKey(deps.db, deps.config.sessionSecret),
      access,
    );
    if (!claims) return SESSION_EXPIRED;
    return {
      teamId: claims.teamId,
      userId: claims.userId,
      tokenId: null,
      projectId: null,
      origin: 'web',
      sessionFamilyId: claims.familyId,
    };
  })();
}

function readAuthMessage(data: RawData): string | null {
  try {
    const message = JSON.parse(data.toString()) as unknown;
    if (
      typeof message === 'object' &&
      message !== null &&
      'type' in message &&
      message.type === 'auth' &&
      'token' in message &&
      typeof message.token === 'string'
    ) {
      return message.token;
    }
  } catch {
    // Not JSON: not an auth message.
  }
  return null;
}

function rejectUpgrade(socket: Duplex, status: number, body: ErrorBody): void {
  const text = JSON.stringify(body);
  const reasons: Record<number, string> = {
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    500: 'Internal Server Error',
  };
  const reason = reasons[status] ?? 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}
