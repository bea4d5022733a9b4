import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.js';
import { Browser, newEmail, signUp as signUpAt } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

// Accounts and browser sessions through the real HTTP API, with a cookie jar as a browser keeps one.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const signUp = () => signUpAt(server.url);

describe('sign-up and sign-in', () => {
  it('signs up a root user with a team and default project, and signs them in with httpOnly session cookies', async () => {
    const browser = new Browser(server.url);
    const email = newEmail();
    const response = await browser.request('POST', '/auth/signup/root-user', {
      body: {
        firstName: '  Ada ',
        lastName: 'Lovelace',
        email: email.toUpperCase(),
        password: 'correct horse battery',
      },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      isSuccessful: boolean;
      user: { email: string; firstName: string; roles: string[]; teams: unknown[] };
    };
    expect(body).toMatchObject({ isSuccessful: true, user: { email, firstName: 'Ada', roles: ['user'] } });
    expect(body.user.teams).toHaveLength(1);
    const setCookies = response.headers.getSetCookie();
    expect(setCookies.find((c) => c.startsWith('trawl_access='))).toMatch(/HttpOnly/i);
    expect(setCookies.find((c) => c.startsWith('trawl_refresh='))).toMatch(/HttpOnly/i);
    expect(setCookies.find((c) => c.startsWith('trawl_refresh='))).toContain('Path=/auth');
    expect(setCookies.find((c) => c.startsWith('trawl_csrf='))).not.toMatch(/HttpOnly/i);
    // The password is stored as a memory-hard hash, never as given.
    const [row] = await server.server.deps.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row!.passwordHash).not.toContain('correct horse');

    const me = await browser.request('GET', '/auth/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, lastName: 'Lovelace' });
  });

  it("rejects bad sign-ups with the spec's messages, naming each field, and creates nothing", async () => {
    const before = await server.server.deps.db.$count(users);
    const response = await new Browser(server.url).request('POST', '/auth/signup/root-user', {
      body: { firstName: 'A', lastName: ' B ', email: 'not an email', password: 'short', extra: 1 },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { details: Array<{ path: string; message: string }> };
    expect(Object.fromEntries(body.details.map((d) => [d.path, d.message]))).toEqual({
      firstName: 'First name must have at least 2 letters',
      lastName: 'Last name must have at least 2 letters',
      email: 'Invalid email',
      password: 'Password must have at least 8 characters',
      extra: 'Unknown field "extra"',
    });
    expect(await server.server.deps.db.$count(users)).toBe(before);
    const { email } = await signUp();
    const again = await new Browser(server.url).request('POST', '/auth/signup/root-user', {
      body: { firstName: 'Ada', lastName: 'Again', email, password: 'another password' },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'email_taken' });
  });

  it('signs in, and never tells whether the email or the password was wrong', async () => {
    const { email } = await signUp();
    const browser = new Browser(server.url);
    const ok = await browser.request('POST', '/auth/login', {
      body: { email, password: 'correct horse battery' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ isSuccessful: true, user: { email } });
    for (const body of [
      { email, password: 'wrong password' },
      { email: newEmail(), password: 'correct horse battery' },
    ]) {
      const bad = await new Browser(server.url).request('POST', '/auth/login', { body });
      expect(bad.status).toBe(401);
      expect(await bad.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password' });
      expect(bad.headers.getSetCookie()).toEqual([]);
    }
  });

  it("refuses sign-in from another site's page", async () => {
    const { email } = await signUp();
    const response = await new Browser(server.url).request('POST', '/auth/login', {
      body: { email, password: 'correct horse battery' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'origin_not_allowed' });
  });
});

describe('sessions', () => {
  it('uses the session for the API: reads need no CSRF header, writes do, and crawls started this way are origin web', async () => {
    const { browser } = await signUp();
    const list = await browser.request('POST', '/crawls/query', { body: {} });
    expect(list.status).toBe(403);
    expect(await list.json()).toMatchObject({ code: 'csrf_failed' });
    const forged = await browser.request('POST', '/crawls', {
      body: { startUrl: 'http://127.0.0.1:9/' },
      headers: { 'x-csrf-token': 'guessed' },
    });
    expect(forged.status).toBe(403);
    const started = await browser.request('POST', '/crawls', {
      body: { startUrl: 'http://127.0.0.1:9/', maxResults: 1 },
      csrf: true,
    });
    expect(started.status).toBe(201);
    const crawl = (await started.json()) as { id: string; origin: string };
    expect(crawl.origin).toBe('web');
    expect((await browser.request('GET', `/crawls/${crawl.id}`)).status).toBe(200);
    // Another user's session sees nothing of it.
    const { browser: stranger } = await signUp();
    expect((await stranger.request('GET', `/crawls/${crawl.id}`)).status).toBe(404);
  });

  it('rotates the refresh token; a reused one revokes the whole session', async () => {
    const { browser } = await signUp();
    const stolen = browser.cookies.get('trawl_refresh')!.value;
    const refreshed = await browser.request('POST', '/auth/refresh', { csrf: true });
    expect(refreshed.status).toBe(200);
    expect(browser.cookies.get('trawl_refresh')!.value).not.toBe(stolen);
    expect((await browser.request('GET', '/auth/me')).status).toBe(200);

    // Without the CSRF header a refresh is refused and changes nothing.
    expect((await browser.request('POST', '/auth/refresh')).status).toBe(403);

    // The thief replays the old token: refused, and the rightful session dies with it.
    const thief = new Browser(server.url);
    thief.cookies.set('trawl_refresh', { value: stolen, path: '/auth' });
    thief.cookies.set('trawl_csrf', browser.cookies.get('trawl_csrf')!);
    const replay = await thief.request('POST', '/auth/refresh', { csrf: true });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'session_revoked' });
    expect((await browser.request('GET', '/auth/me')).status).toBe(401);
    expect((await browser.request('POST', '/auth/refresh', { csrf: true })).status).toBe(401);
  });

  it('logs out: the access cookie stops working at once and the refresh token is void', async () => {
    const { browser } = await signUp();
    const access = browser.cookies.get('trawl_access')!;
    const refresh = browser.cookies.get('trawl_refresh')!;
    const csrf = browser.cookies.get('trawl_csrf')!;
    expect((await browser.request('POST', '/auth/logout')).status).toBe(403);
    const out = await browser.request('POST', '/auth/logout', { csrf: true });
    expect(out.status).toBe(204);
    expect(browser.cookies.size).toBe(0);
    const replay = new Browser(server.url);
    replay.cookies.set('trawl_access', access);
    replay.cookies.set('trawl_refresh', refresh);
    replay.cookies.set('trawl_csrf', csrf);
    expect((await replay.request('GET', '/auth/me')).status).toBe(401);
    expect((await replay.request('POST', '/auth/refresh', { csrf: true })).status).toBe(401);
  });

  it('answers /auth/me for a bearer token tied to a user, and 401 without credentials', async () => {
    const me = await fetch(`${server.url}/auth/me`, { headers: { authorization: `Bearer ${server.token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ roles: ['trawlAdmin'] });
    expect((await fetch(`${server.url}/auth/me`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}/auth/me`, { headers: { cookie: 'trawl_access=forged.jwt.value' } })).status,
    ).toBe(401);
  });
});
