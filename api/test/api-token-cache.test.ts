import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_TOKEN_CACHE_MS } from '../src/auth/token-cache.js';
import { hashToken } from '../src/auth/tokens.js';
import { apiTokens } from '../src/db/schema.js';
import { createTeamWithToken, startTestServer, type TestServer } from './harness.js';

// The API server remembers live tokens for API_TOKEN_CACHE_MS: revocations through it take effect at once,
// those made through another server (here: straight in the database, as that server writes them) within that.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const listCrawls = (token: string) =>
  fetch(`${server.url}/crawls/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  }).then((res) => res.status);

describe('remembered API tokens', () => {
  it('stop working at once when revoked through this server', async () => {
    const created = await fetch(`${server.url}/api-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'short-lived' }),
    });
    const { id, token } = (await created.json()) as { id: string; token: string };
    expect(await listCrawls(token)).toBe(200);
    const revoked = await fetch(`${server.url}/api-tokens/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(revoked.status).toBe(204);
    expect(await listCrawls(token)).toBe(401);
  });

  it('stop working within API_TOKEN_CACHE_MS when revoked through another server', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token } = await createTeamWithToken(server.server.database, 'Revoked elsewhere');
    expect(await listCrawls(token)).toBe(200);
    await server.server.deps.db
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(eq(apiTokens.tokenHash, hashToken(token)));
    // Remembered: no lookup for this long.
    vi.advanceTimersByTime(API_TOKEN_CACHE_MS - 100);
    expect(await listCrawls(token)).toBe(200);
    vi.advanceTimersByTime(200);
    expect(await listCrawls(token)).toBe(401);
  });

  it('are looked up again once their time is up, and still mark their last use', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { token } = await createTeamWithToken(server.server.database, 'Used twice');
    const lastUsed = async () =>
      (
        await server.server.deps.db
          .select({ at: apiTokens.lastUsedAt })
          .from(apiTokens)
          .where(eq(apiTokens.tokenHash, hashToken(token)))
      )[0]!.at;
    expect(await listCrawls(token)).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    vi.advanceTimersByTime(61_000);
    expect(await listCrawls(token)).toBe(200);
    expect((await lastUsed())!.getTime()).toBeGreaterThanOrEqual(first!.getTime() + 60_000);
  });
});
