// Rate limits per client IP on the doors anyone can knock on: public crawls, sign-in, sign-up and password
// reset requests. Over the limit: 429 with Retry-After. Behind a trusted proxy, X-Forwarded-For names the client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from './harness.js';

let direct: TestServer;
let proxied: TestServer;
let fixture: DocsFixture;

beforeAll(async () => {
  [direct, proxied, fixture] = await Promise.all([
    startTestServer({ env: { TRAWL_RATE_LIMIT_AUTH: '3', TRAWL_RATE_LIMIT_PUBLIC_CRAWLS: '2' } }),
    startTestServer({ env: { TRAWL_RATE_LIMIT_AUTH: '1', TRAWL_TRUST_PROXY: '1' } }),
    startDocsFixture(),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), proxied?.close(), fixture?.close()]);
});

const post = (server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function expectLimited(res: Response, windowSeconds: number): Promise<void> {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(await res.json()).toEqual({
    code: 'rate_limited',
    message: `Too many requests; try again in ${retryAfter} seconds`,
  });
}

const login = { email: 'nobody@example.com', password: 'wrong password' };

describe('rate limits', () => {
  it('lets 3 sign-ins through per 15 minutes, then answers 429 with Retry-After, whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < 3; i++) expect((await post(direct, '/auth/login', login)).status).toBe(401);
    await expectLimited(await post(direct, '/auth/login', login), 900);
    // Without TRAWL_TRUST_PROXY the header is the client's own words, and changes nothing.
    await expectLimited(await post(direct, '/auth/login', login, { 'x-forwarded-for': '198.51.100.7' }), 900);
    // Other doors count apart.
    expect((await post(direct, '/auth/forgotPassword', { email: 'nobody@example.com' })).status).toBe(200);
  });

  it('limits sign-ups and password reset requests the same way', async () => {
    const signup = (n: number) =>
      post(direct, '/auth/signup/root-user', {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `ada${n}-${Date.now()}@example.com`,
        password: 'a long password',
      });
    for (let i = 0; i < 3; i++) expect((await signup(i)).status).toBe(201);
    await expectLimited(await signup(3), 900);
    for (let i = 0; i < 2; i++)
      expect((await post(direct, '/auth/forgotPassword', { email: 'nobody@example.com' })).status).toBe(200);
    await expectLimited(await post(direct, '/auth/forgotPassword', { email: 'nobody@example.com' }), 900);
  });

  it('lets 2 public crawls start per hour', async () => {
    const start = () => post(direct, '/app/crawls/public', { startUrl: fixture.startUrl, maxResults: 1 });
    expect((await start()).status).toBe(201);
    expect((await start()).status).toBe(201);
    await expectLimited(await start(), 3600);
    // The limit is the visitor's: a signed-in team's crawls are not counted or limited by it.
    const res = await post(
      direct,
      '/crawls',
      { startUrl: fixture.startUrl, maxResults: 1 },
      { authorization: `Bearer ${direct.token}` },
    );
    expect(res.status).toBe(201);
  });

  it('behind TRAWL_TRUST_PROXY=1, counts per X-Forwarded-For client, and a forged left entry changes nothing', async () => {
    const from = (ip: string) => post(proxied, '/auth/login', login, { 'x-forwarded-for': ip });
    expect((await from('203.0.113.1')).status).toBe(401);
    await expectLimited(await from('203.0.113.1'), 900);
    // The proxy appends the address it saw; what the client wrote before it is not trusted.
    await expectLimited(await from('10.9.9.9, 203.0.113.1'), 900);
    expect((await from('203.0.113.2')).status).toBe(401);
  });
});
