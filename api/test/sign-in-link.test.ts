import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LINK_FRAGMENT, createSignInLink, signInLinkUrl } from '../src/auth/sign-in-links.js';
import { signInLinks } from '../src/db/schema.js';
import { Browser, signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

// One-time sign-in links: the console link the first start prints signs the admin in, once.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the first start', () => {
  it('makes a one-time link that signs the admin in, and works only once', async () => {
    const { signInToken, adminEmail } = server.server.bootstrap!;
    const link = signInLinkUrl(server.url, signInToken);
    expect(link).toBe(`${server.url}/#${SIGN_IN_LINK_FRAGMENT}=${signInToken}`);
    expect(signInToken).toMatch(/^[\w-]{43}$/);

    const browser = new Browser(server.url);
    const signedIn = await browser.expect<{ user: { email: string; roles: string[] } }>(
      200,
      'POST',
      '/auth/sign-in-link',
      { body: { token: signInToken }, csrf: false },
    );
    expect(signedIn.user).toMatchObject({ email: adminEmail, roles: ['trawlAdmin'] });
    expect(browser.cookies.has('trawl_access')).toBe(true);
    await browser.expect(200, 'GET', '/admin/health');

    const again = await new Browser(server.url).expect<{ code: string }>(400, 'POST', '/auth/sign-in-link', {
      body: { token: signInToken },
      csrf: false,
    });
    expect(again.code).toBe('invalid_sign_in_link');
  });
});

describe('POST /auth/sign-in-link', () => {
  it('refuses unknown and expired tokens, and bad input', async () => {
    const { user } = await signUp(server.url);
    const expired = await createSignInLink(server.server.database.db, user.id, -1);
    for (const token of [expired, 'x'.repeat(43)]) {
      const error = await new Browser(server.url).expect<{ code: string }>(
        400,
        'POST',
        '/auth/sign-in-link',
        {
          body: { token },
          csrf: false,
        },
      );
      expect(error.code).toBe('invalid_sign_in_link');
    }
    for (const body of [{}, { token: 'short' }, { token: 5 }, { token: 'x'.repeat(43), extra: 1 }]) {
      const error = await new Browser(server.url).expect<{ code: string }>(
        400,
        'POST',
        '/auth/sign-in-link',
        {
          body,
          csrf: false,
        },
      );
      expect(error.code).toBe('validation_error');
    }
  });

  it("takes a fresh link to the user's session, and refuses other sites' pages", async () => {
    const { user } = await signUp(server.url);
    const db = server.server.database.db;
    const token = await createSignInLink(db, user.id);
    const foreign = await fetch(`${server.url}/auth/sign-in-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ token }),
    });
    expect(foreign.status).toBe(403);
    // Refused before use: the link still works from the server's own page.
    const browser = new Browser(server.url);
    await browser.request('POST', '/auth/sign-in-link', {
      body: { token },
      headers: { origin: server.url },
    });
    expect(await browser.expect<{ id: string }>(200, 'GET', '/auth/me')).toMatchObject({ id: user.id });
    const stored = await db.select().from(signInLinks);
    expect(stored.every((row) => row.tokenHash !== token)).toBe(true);
  });
});
