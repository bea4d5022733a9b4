// The console's live events: the /events WebSocket with the session cookie a sign-in set. A browser sends
// cookies on cross-site upgrades too, so the cookie counts only with this server's own Origin.
import { startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import type { TeamEvent } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUp, type Browser } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let site: FixtureServer;
let account: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  [server, site] = await Promise.all([startTestServer(), startFixtureServer()]);
  site.route('/', {
    body: '<html><head><title>Home</title></head><body><main><h1>Home</h1><a href="/a">A</a></main></body></html>',
  });
  site.route('/a', {
    body: '<html><head><title>A</title></head><body><main><h1>A</h1><p>Page A.</p></main></body></html>',
  });
  account = await signUp(server.url);
});
afterAll(async () => {
  await Promise.all([server?.close(), site?.close()]);
});

const socketUrl = () => `${server.url.replace('http', 'ws')}/events?includeMarkdown=false`;
const cookieOf = (browser: Browser) =>
  [...browser.cookies]
    .filter(([, c]) => c.path === '/')
    .map(([name, c]) => `${name}=${c.value}`)
    .join('; ');

/** Opens a socket with these upgrade headers; resolves once the server says `ready`. */
function openSocket(
  headers: Record<string, string>,
): Promise<{ ws: WebSocket; messages: Array<TeamEvent | { type: 'ready' }> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(), { headers });
    const messages: Array<TeamEvent | { type: 'ready' }> = [];
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as TeamEvent | { type: 'ready' };
      messages.push(message);
      if (message.type === 'ready') resolve({ ws, messages });
    });
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused with ${res.statusCode}`)),
    );
    ws.once('close', (code) => reject(new Error(`closed with ${code} before ready`)));
    ws.once('error', () => undefined);
  });
}

/** The HTTP answer to an upgrade that must be refused: status and JSON body. */
function refusal(
  headers: Record<string, string>,
): Promise<{ status: number; body: { code: string; message: string } }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(), { headers });
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { code: string; message: string } }),
      );
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.once('error', () => undefined);
  });
}

/** How a socket that opens is closed by the server, and what it was sent first. */
function closing(
  headers: Record<string, string>,
): Promise<{ code: number; reason: string; messages: string[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl(), { headers });
    const messages: string[] = [];
    ws.on('message', (data) => messages.push(data.toString()));
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused with ${res.statusCode}`)),
    );
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString(), messages }));
    ws.once('error', () => undefined);
  });
}

describe('the /events WebSocket with a session cookie', () => {
  it("carries the signed-in user's team events when the Origin is the server's own, and not another team's", async () => {
    const { ws, messages } = await openSocket({ cookie: cookieOf(account.browser), origin: server.url });
    const crawl = await account.browser.expect<{ id: string }>(201, 'POST', '/crawls', {
      body: { startUrl: `${site.origin}/`, maxResults: 2, engineType: 'cheerio' },
    });
    // The bootstrap team's crawl must not reach this socket.
    const foreign = await fetch(`${server.url}/crawls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ startUrl: `${site.origin}/`, maxResults: 1, engineType: 'cheerio' }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    await expect
      .poll(
        () =>
          messages.some(
            (m) => m.type === 'CRAWL_EVENT' && m.crawlId === crawl.id && m.crawl.status === 'succeeded',
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(
      messages
        .filter((m) => m.type === 'CRAWL_RESULT_CREATED_EVENT')
        .map((m) => m.type === 'CRAWL_RESULT_CREATED_EVENT' && m.totalCount),
    ).toEqual([1, 2]);
    const crawlIds = new Set(messages.flatMap((m) => (m.type === 'ready' ? [] : [m.crawlId])));
    expect(crawlIds).toEqual(new Set([crawl.id]));
    expect(crawlIds.has(foreign.id)).toBe(false);
    ws.close();
  });

  it('refuses the cookie with 403 from a foreign Origin, or with no Origin at all', async () => {
    const cookie = cookieOf(account.browser);
    const foreign = await refusal({ cookie, origin: 'https://evil.example' });
    expect(foreign).toEqual({
      status: 403,
      body: {
        code: 'origin_not_allowed',
        message: "Session cookies are accepted only from this server's pages, not from https://evil.example",
      },
    });
    // Same host, other port: another origin.
    expect((await refusal({ cookie, origin: 'http://127.0.0.1:1' })).status).toBe(403);
    const none = await refusal({ cookie });
    expect(none.status).toBe(403);
    expect(none.body.code).toBe('origin_not_allowed');
  });

  it('closes with 4401 for an invalid or signed-out session from the right Origin, so the console can refresh and reconnect', async () => {
    const expired = {
      code: 4401,
      reason: 'Your session has expired; refresh it or sign in again',
      messages: [],
    };
    expect(await closing({ cookie: 'trawl_access=not.a.jwt', origin: server.url })).toEqual(expired);
    const leaving = await signUp(server.url);
    const cookie = cookieOf(leaving.browser);
    (await openSocket({ cookie, origin: server.url })).ws.close();
    await leaving.browser.expect(204, 'POST', '/auth/logout');
    expect(await closing({ cookie, origin: server.url })).toEqual(expired);
  });

  it('still lets token clients in from any Origin: a token is never sent by a browser on its own', async () => {
    const { ws } = await openSocket({
      authorization: `Bearer ${server.token}`,
      origin: 'https://elsewhere.example',
    });
    ws.close();
    // A bearer header wins over a cookie, so the Origin check does not apply to it.
    const both = await openSocket({
      authorization: `Bearer ${server.token}`,
      cookie: cookieOf(account.browser),
      origin: 'https://elsewhere.example',
    });
    both.ws.close();
  });
});
