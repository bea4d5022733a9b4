// Google sign-in through arctic. Google itself is out of reach in tests: the browser's redirect to Google is
// checked but never followed, and a stand-in token endpoint on 127.0.0.1 plays Google at its HTTP boundary
// (GOOGLE_TOKEN_URL): it checks what arctic sends, as Google would, and answers with an ID token.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, newEmail, signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

let plain: TestServer;
let server: TestServer;
let google: Server;
let googleUrl: string;
/** What the stand-in answers next, and what it was sent. */
let next: { status: number; body: unknown } = { status: 500, body: {} };
const received: URLSearchParams[] = [];
const receivedAuth: string[] = [];

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const idToken = (claims: Record<string, unknown>): string =>
  `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url({ iss: 'https://accounts.google.com', aud: 'client-123', sub: '42', ...claims })}.c2lnbmF0dXJl`;

beforeAll(async () => {
  google = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(new URLSearchParams(body));
      receivedAuth.push(req.headers.authorization ?? '');
      res.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
  googleUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
  [plain, server] = await Promise.all([
    startTestServer(),
    startTestServer({
      env: {
        GOOGLE_CLIENT_ID: 'client-123',
        GOOGLE_CLIENT_SECRET: 'secret-456',
        GOOGLE_TOKEN_URL: `${googleUrl}/token`,
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), server?.close()]);
  await new Promise((resolve) => google?.close(resolve));
});

/** Starts the flow in a fresh browser: the redirect's URL, and the browser holding the flow cookies. */
async function startFlow(): Promise<{ browser: Browser; location: URL }> {
  const browser = new Browser(server.url);
  const res = await browser.request('GET', '/auth/google', { redirect: 'manual' });
  expect(res.status).toBe(302);
  return { browser, location: new URL(res.headers.get('location')!) };
}

function callback(browser: Browser, query: Record<string, string>): Promise<Response> {
  return browser.request('GET', `/auth/google/callback?${new URLSearchParams(query)}`, {
    redirect: 'manual',
  });
}

describe('Google sign-in', () => {
  it('answers a clear error when the server has no Google client configured', async () => {
    for (const path of ['/auth/google', '/auth/google/callback?code=x&state=y']) {
      const res = await fetch(`${plain.url}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(501);
      expect(await res.json()).toEqual({
        code: 'google_not_configured',
        message:
          'Google sign-in is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
      });
    }
  });

  it('redirects to Google with PKCE and a state kept in httpOnly cookies', async () => {
    const { browser, location } = await startFlow();
    expect(location.origin + location.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const q = location.searchParams;
    expect(q.get('client_id')).toBe('client-123');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(`${server.url}/auth/google/callback`);
    expect(q.get('scope')).toBe('openid profile email');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toBe(browser.cookies.get('trawl_google_state')?.value);
    const verifier = browser.cookies.get('trawl_google_verifier')!.value;
    expect(q.get('code_challenge')).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(browser.cookies.get('trawl_google_state')?.path).toBe('/auth/google');
  });

  it('signs up a new verified Google account, then signs the same person in again', async () => {
    const email = newEmail();
    next = {
      status: 200,
      body: {
        access_token: 'at',
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: idToken({ email, email_verified: true, given_name: 'Grace', family_name: 'Hopper' }),
      },
    };
    const first = await startFlow();
    const res = await callback(first.browser, {
      code: 'code-1',
      state: first.location.searchParams.get('state')!,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    // What arctic sent Google: the code, the PKCE verifier and the client's credentials.
    const sent = received.at(-1)!;
    expect(sent.get('grant_type')).toBe('authorization_code');
    expect(sent.get('code')).toBe('code-1');
    expect(sent.get('code_verifier')).toMatch(/^[\w-]{43}$/);
    expect(receivedAuth.at(-1)).toBe(`Basic ${Buffer.from('client-123:secret-456').toString('base64')}`);
    // The flow cookies are spent; the session cookies are set.
    expect(first.browser.cookies.has('trawl_google_state')).toBe(false);
    const me = await first.browser.expect<{
      id: string;
      email: string;
      firstName: string;
      lastName: string;
      teams: unknown[];
    }>(200, 'GET', '/auth/me');
    expect(me).toMatchObject({ email, firstName: 'Grace', lastName: 'Hopper' });
    expect(me.teams).toHaveLength(1);

    const second = await startFlow();
    expect(
      (await callback(second.browser, { code: 'code-2', state: second.location.searchParams.get('state')! }))
        .status,
    ).toBe(302);
    expect((await second.browser.expect<{ id: string }>(200, 'GET', '/auth/me')).id).toBe(me.id);
  });

  it('signs an existing password account in when Google verifies its email', async () => {
    const account = await signUp(server.url);
    next = {
      status: 200,
      body: {
        access_token: 'at',
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: idToken({ email: account.email.toUpperCase(), email_verified: true }),
      },
    };
    const flow = await startFlow();
    expect(
      (await callback(flow.browser, { code: 'c', state: flow.location.searchParams.get('state')! })).status,
    ).toBe(302);
    expect((await flow.browser.expect<{ id: string }>(200, 'GET', '/auth/me')).id).toBe(account.user.id);
  });

  it('refuses a wrong or missing state, an unverified email, a rejected code and a cancelled sign-in', async () => {
    const flow = await startFlow();
    const state = flow.location.searchParams.get('state')!;
    expect(await (await callback(flow.browser, { code: 'c', state: 'forged' })).json()).toMatchObject({
      code: 'invalid_oauth_state',
    });
    // A callback in a browser that never started the flow has no cookies to match.
    expect((await callback(new Browser(server.url), { code: 'c', state })).status).toBe(400);

    next = {
      status: 200,
      body: {
        access_token: 'at',
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: idToken({ email: newEmail(), email_verified: false }),
      },
    };
    const unverified = await startFlow();
    const res = await callback(unverified.browser, {
      code: 'c',
      state: unverified.location.searchParams.get('state')!,
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'email_not_verified' });
    expect(unverified.browser.cookies.has('trawl_access')).toBe(false);

    next = { status: 400, body: { error: 'invalid_grant' } };
    const rejected = await startFlow();
    const bad = await callback(rejected.browser, {
      code: 'stale',
      state: rejected.location.searchParams.get('state')!,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_oauth_code' });

    const cancelled = await startFlow();
    const denied = await callback(cancelled.browser, {
      error: 'access_denied',
      state: cancelled.location.searchParams.get('state')!,
    });
    expect(denied.status).toBe(400);
    expect(await denied.json()).toMatchObject({ code: 'google_sign_in_cancelled' });
  });
});
