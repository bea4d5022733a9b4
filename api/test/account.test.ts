import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

// The signed-in user's own account over HTTP: name, password, and signing out of every session.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A second browser signed in to the same account. */
async function signIn(email: string, password: string): Promise<Browser> {
  const browser = new Browser(server.url);
  await browser.expect(200, 'POST', '/auth/login', { body: { email, password }, csrf: false });
  return browser;
}

describe('PATCH /auth/me', () => {
  it('renames the user, trimming, and leaves out fields as they are', async () => {
    const { browser } = await signUp(server.url);
    const user = await browser.expect<{ firstName: string; lastName: string }>(200, 'PATCH', '/auth/me', {
      body: { firstName: '  Grace ' },
    });
    expect(user).toMatchObject({ firstName: 'Grace', lastName: 'Lovelace' });
    expect(await browser.expect(200, 'GET', '/auth/me')).toMatchObject({ firstName: 'Grace' });
  });

  it('rejects bad input with the sign-up messages', async () => {
    const { browser } = await signUp(server.url);
    const error = await browser.expect<{ code: string; details: Array<{ path: string; message: string }> }>(
      400,
      'PATCH',
      '/auth/me',
      { body: { firstName: 'A', lastName: 5, email: 'x@y' } },
    );
    expect(error.code).toBe('validation_error');
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First name must have at least 2 letters' },
        { path: 'lastName', message: 'Last name must have at least 2 letters' },
        { path: 'email', message: 'Unknown field "email"' },
      ]),
    );
  });

  it('needs a session and its CSRF header; an API token may not change the person behind it', async () => {
    const { browser } = await signUp(server.url);
    expect((await browser.request('PATCH', '/auth/me', { body: { firstName: 'Grace' } })).status).toBe(403);
    expect((await new Browser(server.url).request('PATCH', '/auth/me', { body: {} })).status).toBe(401);
    const response = await fetch(`${server.url}/auth/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Mallory' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'forbidden' });
  });
});

describe('POST /auth/change-password', () => {
  it('changes the password and signs out every other session, keeping this one', async () => {
    const { browser, email, password } = await signUp(server.url);
    const other = await signIn(email, password);
    await browser.expect(200, 'POST', '/auth/change-password', {
      body: { currentPassword: password, newPassword: 'a brand new passphrase' },
    });
    await browser.expect(200, 'GET', '/auth/me');
    expect((await other.request('GET', '/auth/me')).status).toBe(401);
    // The other browser cannot renew its way back in either.
    expect((await other.request('POST', '/auth/refresh', { csrf: true })).status).toBe(401);
    expect(
      (await new Browser(server.url).request('POST', '/auth/login', { body: { email, password } })).status,
    ).toBe(401);
    await signIn(email, 'a brand new passphrase');
  });

  it('refuses a wrong current password and a short new one, and changes nothing', async () => {
    const { browser, email, password } = await signUp(server.url);
    const wrong = await browser.expect<{ code: string; details: unknown[] }>(
      400,
      'POST',
      '/auth/change-password',
      { body: { currentPassword: 'not it at all', newPassword: 'a brand new passphrase' } },
    );
    expect(wrong).toMatchObject({
      code: 'invalid_password',
      details: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
    const short = await browser.expect<{ details: Array<{ path: string; message: string }> }>(
      400,
      'POST',
      '/auth/change-password',
      { body: { currentPassword: password, newPassword: 'short' } },
    );
    expect(short.details).toEqual([
      { path: 'newPassword', message: 'Password must have at least 8 characters' },
    ]);
    const missing = await browser.expect<{ details: Array<{ path: string; message: string }> }>(
      400,
      'POST',
      '/auth/change-password',
      { body: {} },
    );
    expect(missing.details.map((d) => d.message).sort()).toEqual([
      'Current password is required',
      'Password must have at least 8 characters',
    ]);
    await signIn(email, password);
  });

  it('needs a session: a token is refused', async () => {
    const response = await fetch(`${server.url}/auth/change-password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'x', newPassword: 'a brand new passphrase' }),
    });
    expect(response.status).toBe(403);
  });
});

describe('POST /auth/logout-all', () => {
  it("ends every session of the account, clears this browser's cookies, and keeps other accounts signed in", async () => {
    const { browser, email, password } = await signUp(server.url);
    const other = await signIn(email, password);
    const stranger = await signUp(server.url);
    const response = await browser.request('POST', '/auth/logout-all', { csrf: true });
    expect(response.status).toBe(204);
    expect(browser.cookies.has('trawl_access')).toBe(false);
    expect((await other.request('GET', '/auth/me')).status).toBe(401);
    expect((await other.request('POST', '/auth/refresh', { csrf: true })).status).toBe(401);
    await stranger.browser.expect(200, 'GET', '/auth/me');
    // The password still works: this is signing out, not locking out.
    await signIn(email, password);
  });

  it('needs a session and its CSRF header', async () => {
    const { browser } = await signUp(server.url);
    expect((await browser.request('POST', '/auth/logout-all')).status).toBe(403);
    expect((await new Browser(server.url).request('POST', '/auth/logout-all')).status).toBe(401);
    await browser.expect(200, 'GET', '/auth/me');
  });
});
