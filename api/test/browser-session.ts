// A minimal browser for API tests: keeps cookies per name and path, sends them back, and echoes the CSRF
// cookie in `x-csrf-token` when asked, as the console does.
export class Browser {
  readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    options: {
      body?: unknown;
      csrf?: boolean;
      headers?: Record<string, string>;
      redirect?: RequestRedirect;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    const cookie = [...this.cookies]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    if (cookie) headers.cookie = cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.csrf) headers['x-csrf-token'] = this.cookies.get('trawl_csrf')?.value ?? '';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      redirect: options.redirect,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
      const [name = '', value = ''] = pair.split('=');
      const pathAttr = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      if (!value || attributes.some((a) => /^max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, { value, path: pathAttr });
    }
    return response;
  }

  /** A JSON request that must answer `status`; returns the parsed body. */
  async expect<T = Record<string, unknown>>(
    status: number,
    method: string,
    path: string,
    options: { body?: unknown; csrf?: boolean } = {},
  ): Promise<T> {
    const response = await this.request(method, path, { csrf: method !== 'GET', ...options });
    const text = await response.text();
    if (response.status !== status)
      throw new Error(`${method} ${path}: expected ${status}, got ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

let emailCount = 0;
export const newEmail = (): string => `user${++emailCount}-${Date.now()}@example.com`;

/** Signs up a new root user in a fresh browser; the browser holds the session. */
export async function signUp(
  baseUrl: string,
  email = newEmail(),
  password = 'correct horse battery',
): Promise<{
  browser: Browser;
  email: string;
  password: string;
  user: { id: string; teams: Array<{ id: string; name: string }> };
}> {
  const browser = new Browser(baseUrl);
  const body = await browser.expect<{ user: { id: string; teams: Array<{ id: string; name: string }> } }>(
    201,
    'POST',
    '/auth/signup/root-user',
    {
      body: { firstName: 'Ada', lastName: 'Lovelace', email, password },
      csrf: false,
    },
  );
  return { browser, email, password, user: body.user };
}
