// The signed-in session of a client without an API token: cookies (the browser's, or a jar of the
// client's own) and the CSRF header every cookie-authenticated write must carry.
import type { Caller, CallResult } from './call.js';
import { createCookieJar, CSRF_COOKIE, CSRF_HEADER, readCookie, type CookieJar } from './cookies.js';
import { TrawlApiError } from './errors.js';

/** Where a client without a token keeps its session cookies. */
export type SessionStore = 'browser' | 'memory';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The cookie the API sends only to /auth, which `auth.refresh` exchanges for a new session. */
const REFRESH_COOKIE = 'trawl_refresh';

export interface Session {
  readonly store: SessionStore;
  /** Adds the jar's cookies and the CSRF header to a request. */
  prepare(request: Request): Request;
  /** Keeps the cookies a response sets. */
  receive(response: Response, request: Request): void;
  /** Whether a refresh may work: always in a browser, which hides the cookie; with a refresh cookie in a jar. */
  canRefresh(): boolean;
}

/** Whether this runtime has a page whose cookies the browser manages. */
export const inBrowser = (): boolean =>
  typeof document !== 'undefined' && typeof document.cookie === 'string';

export function createSession(store: SessionStore = inBrowser() ? 'browser' : 'memory'): Session {
  const jar: CookieJar | undefined = store === 'memory' ? createCookieJar() : undefined;
  const csrfToken = (): string | undefined =>
    jar ? jar.get(CSRF_COOKIE) : inBrowser() ? readCookie(document.cookie, CSRF_COOKIE) : undefined;

  return {
    store,
    prepare(request) {
      if (jar) {
        const cookie = jar.header(new URL(request.url));
        if (cookie) request.headers.set('cookie', cookie);
      }
      if (!SAFE_METHODS.has(request.method)) {
        const csrf = csrfToken();
        if (csrf) request.headers.set(CSRF_HEADER, csrf);
      }
      return request;
    },
    receive(response, request) {
      // Browsers hide Set-Cookie from scripts; there the browser has stored them already.
      if (jar) jar.store(new URL(request.url), response.headers.getSetCookie?.() ?? []);
    },
    canRefresh: () => (jar ? jar.get(REFRESH_COOKIE) !== undefined : true),
  };
}

/** A {@link Caller} whose calls can opt out of the refresh-and-retry on a 401 (`{ refresh: false }`). */
export type SessionCaller = <T>(
  run: (signal: AbortSignal) => Promise<CallResult<T>>,
  signal?: AbortSignal,
  options?: { refresh?: boolean },
) => Promise<T>;

/**
 * Wraps a caller so that a 401 renews the session once and the call is made again, as the console does
 * (SPEC.md section 8). Without `refreshSession` (token clients) calls are passed through.
 */
export function withSessionRefresh(
  call: Caller,
  refreshSession?: (signal?: AbortSignal) => Promise<boolean>,
): SessionCaller {
  return async (run, signal, options = {}) => {
    try {
      return await call(run, signal);
    } catch (err: unknown) {
      const expired = err instanceof TrawlApiError && err.status === 401;
      if (!expired || !refreshSession || options.refresh === false || !(await refreshSession(signal)))
        throw err;
      return call(run, signal);
    }
  };
}
