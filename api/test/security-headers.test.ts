// Browser hardening over HTTP: the console shell's Content-Security-Policy (Stripe only when configured),
// the API's own policy and headers on JSON answers, and Secure cookies whenever PUBLIC_URL is https.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, newEmail, signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

let plain: TestServer;
let https: TestServer;

/** A console build of one page, so the shell route is mounted without building the real console. */
function fakeConsole(dir: string): string {
  const consoleDir = join(dir, 'console');
  mkdirSync(consoleDir, { recursive: true });
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>Trawl</title><div id="root"></div>');
  return consoleDir;
}

beforeAll(async () => {
  const dir = join(process.env.TMPDIR ?? '/tmp', `trawl-csp-${process.pid}-${Date.now()}`);
  [plain, https] = await Promise.all([
    startTestServer({ env: { TRAWL_CONSOLE_DIR: fakeConsole(join(dir, 'plain')) } }),
    startTestServer({
      env: {
        TRAWL_CONSOLE_DIR: fakeConsole(join(dir, 'https')),
        PUBLIC_URL: 'https://trawl.example.com',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc',
        STRIPE_SECRET_KEY: 'sk_test_51Abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_51Abc',
        GOOGLE_CLIENT_ID: 'client-123',
        GOOGLE_CLIENT_SECRET: 'secret-456',
        // Never reached: the callback below fails before exchanging a code.
        GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token',
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), https?.close()]);
});

/** The policy as directive name to its sources. */
function parsePolicy(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the console shell', () => {
  it('allows only its own assets, no inline script, never framed, and the socket of this server', async () => {
    const res = await fetch(`${plain.url}/home`);
    expect(res.status).toBe(200);
    const policy = parsePolicy(res.headers.get('content-security-policy'));
    const host = new URL(plain.url).host;
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect([...policy.values()].flat().join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|stripe/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('allows Stripe.js, its frames and its API once Stripe’s keys are set, and PUBLIC_URL’s socket', async () => {
    const res = await fetch(`${https.url}/settings/billing`);
    const policy = parsePolicy(res.headers.get('content-security-policy'));
    expect(policy.get('script-src')).toEqual(["'self'", 'https://js.stripe.com']);
    expect(policy.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'wss://trawl.example.com',
        `ws://${new URL(https.url).host}`,
        'https://api.stripe.com',
      ]),
    );
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});

describe('API answers', () => {
  it('carry a policy that loads nothing, and the same hardening headers, on success and on errors', async () => {
    const ok = await fetch(`${plain.url}/crawls/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${plain.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const unauthorized = await fetch(`${plain.url}/crawls/query`, { method: 'POST' });
    const missing = await fetch(`${plain.url}/no-such-route`);
    expect([ok.status, unauthorized.status, missing.status]).toEqual([200, 401, 404]);
    for (const res of [ok, unauthorized, missing]) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
    }
  });
});

/** Every Set-Cookie line of a response, by cookie name. */
function cookiesOf(res: Response): Map<string, string> {
  return new Map(res.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line]));
}

describe('cookies', () => {
  const sessionCookies = ['trawl_access', 'trawl_refresh', 'trawl_csrf'];

  it('are Secure on every sign-up, sign-in, refresh and sign-out when PUBLIC_URL is https', async () => {
    const email = newEmail();
    const browser = new Browser(https.url);
    const seen: Array<Map<string, string>> = [];
    const signup = await browser.request('POST', '/auth/signup/root-user', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'correct horse battery' },
    });
    expect(signup.status).toBe(201);
    seen.push(cookiesOf(signup));
    const login = await browser.request('POST', '/auth/login', {
      body: { email, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    seen.push(cookiesOf(login));
    const refresh = await browser.request('POST', '/auth/refresh', { csrf: true });
    expect(refresh.status).toBe(200);
    seen.push(cookiesOf(refresh));
    const logout = await browser.request('POST', '/auth/logout', { csrf: true });
    expect(logout.status).toBeLessThan(300);
    seen.push(cookiesOf(logout));

    for (const cookies of seen) {
      expect([...cookies.keys()].sort()).toEqual([...sessionCookies].sort());
      for (const line of cookies.values()) expect(line).toMatch(/;\s*Secure(;|$)/i);
    }
  });

  it('are Secure for the Google flow, set and cleared, when PUBLIC_URL is https', async () => {
    const browser = new Browser(https.url);
    const start = await browser.request('GET', '/auth/google', { redirect: 'manual' });
    expect(start.status).toBe(302);
    const set = cookiesOf(start);
    expect([...set.keys()].sort()).toEqual(['trawl_google_state', 'trawl_google_verifier']);
    const callback = await browser.request('GET', '/auth/google/callback?error=access_denied', {
      redirect: 'manual',
    });
    expect(callback.status).toBe(400);
    const cleared = cookiesOf(callback);
    expect([...cleared.keys()].sort()).toEqual(['trawl_google_state', 'trawl_google_verifier']);
    for (const line of [...set.values(), ...cleared.values()]) expect(line).toMatch(/;\s*Secure(;|$)/i);
  });

  it('are not Secure on a plain-http server, where a browser would drop them', async () => {
    const { browser } = await signUp(plain.url);
    const login = await browser.request('POST', '/auth/refresh', { csrf: true });
    expect(login.status).toBe(200);
    const cookies = cookiesOf(login);
    expect(cookies.size).toBe(3);
    for (const line of cookies.values()) expect(line).not.toMatch(/Secure/i);
  });
});
