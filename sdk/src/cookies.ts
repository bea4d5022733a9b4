// Session cookies outside browsers. A browser keeps the API's cookies itself; Node.js has no cookie store,
// so a client without a token keeps them in a small jar of its own: one server, so domains are not
// tracked, only names, paths, expiry and the Secure flag.

/** The cookie the API sets for pages to read, whose value every cookie-authenticated write echoes. */
export const CSRF_COOKIE = 'trawl_csrf';
/** The header that carries the {@link CSRF_COOKIE} value. */
export const CSRF_HEADER = 'x-csrf-token';

/** One cookie as a `Set-Cookie` header describes it. */
export interface SetCookie {
  name: string;
  value: string;
  /** @default the request path's folder, as RFC 6265 section 5.1.4 says */
  path: string | undefined;
  /** Milliseconds since the epoch; undefined for a cookie that lasts as long as the jar. */
  expiresAt: number | undefined;
  secure: boolean;
}

/**
 * Reads one `Set-Cookie` header; null for one without a name. `Max-Age` wins over `Expires`; a past
 * expiry means the server is deleting the cookie.
 * @example
 * parseSetCookie('trawl_csrf=abc; Path=/; Max-Age=60', 0); // { name: 'trawl_csrf', value: 'abc', path: '/', expiresAt: 60000, secure: false }
 */
export function parseSetCookie(header: string, now = Date.now()): SetCookie | null {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  let value = pair.slice(eq + 1).trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  if (!name) return null;
  const cookie: SetCookie = { name, value, path: undefined, expiresAt: undefined, secure: false };
  let maxAge: number | undefined;
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const attrValue = rest.join('=').trim();
    switch (key.trim().toLowerCase()) {
      case 'path':
        if (attrValue.startsWith('/')) cookie.path = attrValue;
        break;
      case 'max-age':
        if (/^-?\d+$/.test(attrValue)) maxAge = Number(attrValue);
        break;
      case 'expires': {
        const at = Date.parse(attrValue);
        if (!Number.isNaN(at)) cookie.expiresAt = at;
        break;
      }
      case 'secure':
        cookie.secure = true;
        break;
    }
  }
  if (maxAge !== undefined) cookie.expiresAt = maxAge <= 0 ? 0 : now + maxAge * 1000;
  return cookie;
}

/** The default cookie path of a request: its path up to, not including, the last `/` (RFC 6265 5.1.4). */
function defaultPath(pathname: string): string {
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

/** Whether a cookie of `cookiePath` goes with a request for `pathname` (RFC 6265 5.1.4 path-match). */
function pathMatches(cookiePath: string, pathname: string): boolean {
  if (pathname === cookiePath) return true;
  if (!pathname.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || pathname[cookiePath.length] === '/';
}

/** Cookies kept in memory for one client. */
export interface CookieJar {
  /** Keeps the cookies of a response's `Set-Cookie` headers, deleting those that expired. */
  store(url: URL, setCookieHeaders: string[]): void;
  /** The `Cookie` header for a request to `url`, or undefined when no cookie applies. */
  header(url: URL): string | undefined;
  /** A cookie's value (decoded), whatever its path; undefined when absent or expired. */
  get(name: string): string | undefined;
  /** Forgets every cookie. */
  clear(): void;
}

/**
 * An in-memory cookie jar, as a Node.js client without a token uses for session cookies.
 * @example
 * const jar = createCookieJar();
 * jar.store(new URL('http://localhost:3000/auth/login'), response.headers.getSetCookie());
 * const cookie = jar.header(new URL('http://localhost:3000/teams/projects'));
 */
export function createCookieJar(now: () => number = Date.now): CookieJar {
  // Keyed by name and path: the same name may be set for two paths, as browsers allow.
  const cookies = new Map<string, SetCookie & { path: string }>();
  const live = (expiresAt: number | undefined): boolean => expiresAt === undefined || expiresAt > now();

  return {
    store(url, headers) {
      for (const header of headers) {
        const cookie = parseSetCookie(header, now());
        if (!cookie) continue;
        const path = cookie.path ?? defaultPath(url.pathname);
        const key = `${cookie.name}\u0000${path}`;
        if (live(cookie.expiresAt)) cookies.set(key, { ...cookie, path });
        else cookies.delete(key);
      }
    },
    header(url) {
      const pairs: Array<{ pair: string; pathLength: number }> = [];
      for (const [key, cookie] of cookies) {
        if (!live(cookie.expiresAt)) {
          cookies.delete(key);
          continue;
        }
        if (cookie.secure && url.protocol !== 'https:') continue;
        if (pathMatches(cookie.path, url.pathname))
          pairs.push({ pair: `${cookie.name}=${cookie.value}`, pathLength: cookie.path.length });
      }
      // Longer paths first, as browsers send them.
      pairs.sort((a, b) => b.pathLength - a.pathLength);
      return pairs.length > 0 ? pairs.map((p) => p.pair).join('; ') : undefined;
    },
    get(name) {
      for (const cookie of cookies.values()) {
        if (cookie.name === name && live(cookie.expiresAt)) return decodeCookieValue(cookie.value);
      }
      return undefined;
    },
    clear: () => cookies.clear(),
  };
}

/** Cookie values may be URL-encoded (the API's are base64url, which needs none); undecodable ones stay as they are. */
function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A cookie's value from a `document.cookie` string, as a page reads the CSRF cookie; undefined when absent.
 * @example
 * readCookie('a=1; trawl_csrf=xyz', 'trawl_csrf'); // 'xyz'
 */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeCookieValue(part.slice(eq + 1).trim());
  }
  return undefined;
}
