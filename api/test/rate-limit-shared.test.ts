// Rate limits hold across API processes: two servers share one database and nothing else, and a client IP
// gets the limit once between them, not once per server. On PostgreSQL (TEST_DATABASE_URL, as in CI's
// PostgreSQL pass) each server has its own connection pool, as separate processes would; on PGlite they
// share the one embedded instance.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../src/app-env.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { rateLimitCounters } from '../src/db/schema.js';
import { rateLimit } from '../src/rate-limit.js';
import { startServer, type RunningServer } from '../src/server.js';
import { createTestDatabase, createTestDatabaseUrl, usingPostgres } from './harness.js';

const LIMIT = 3;
const dataDir = mkdtempSync(join(tmpdir(), 'trawl-rate-shared-'));
let servers: RunningServer[] = [];
let handles: DatabaseHandle[] = [];
let dropDatabase: (() => Promise<void>) | undefined;

async function startOn(database: DatabaseHandle): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    TRAWL_DATA_DIR: dataDir,
    TRAWL_LOG_LEVEL: 'error',
    TRAWL_CONSOLE_DIR: join(dataDir, 'no-console'),
    TRAWL_RATE_LIMIT_AUTH: String(LIMIT),
  });
  // The first server bootstraps the shared database; the second finds it ready.
  return startServer(config, { database });
}

beforeAll(async () => {
  if (usingPostgres()) {
    const copy = (await createTestDatabaseUrl())!;
    dropDatabase = copy.drop;
    handles = [await openDatabase({ databaseUrl: copy.url }), await openDatabase({ databaseUrl: copy.url })];
  } else {
    const shared = await createTestDatabase();
    handles = [shared];
  }
  servers = [await startOn(handles[0]!), await startOn(handles.at(-1)!)];
});
afterAll(async () => {
  for (const server of servers) await server.close();
  for (const handle of handles) await handle.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (server: RunningServer, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const login = { email: 'nobody@example.com', password: 'wrong password' };

describe(`two API servers on one ${usingPostgres() ? 'PostgreSQL database, each with its own connection pool' : 'PGlite database'}`, () => {
  it('let one client IP sign in 3 times between them per 15 minutes, then both answer 429', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    expect(a.url).not.toBe(b.url);
    const statuses = [];
    for (const server of [a, b, a]) statuses.push((await post(server, '/auth/login', login)).status);
    expect(statuses).toEqual([401, 401, 401]);
    for (const server of [b, a]) {
      const res = await post(server, '/auth/login', login);
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(840);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(await res.json()).toMatchObject({ code: 'rate_limited' });
    }
  });

  it('admit exactly the limit when requests reach both at once', async () => {
    const requests = Array.from({ length: 12 }, (_, i) =>
      post(servers[i % 2]!, '/auth/forgotPassword', { email: 'nobody@example.com' }),
    );
    const statuses = (await Promise.all(requests)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LIMIT);
  });
});

describe('windows', () => {
  it('open anew once the last one ended, and ended ones are swept from the table', async () => {
    // A rule with a three-second window on a small app over the same database and dependencies.
    const deps = { ...servers[0]!.deps };
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('deps', deps);
        await next();
      })
      .use(rateLimit({ name: 'test-window', windowMs: 3_000, limit: () => 1 }))
      .get('/', (c) => c.text('ok'));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    try {
      await deps.db.insert(rateLimitCounters).values({
        rule: 'test-ended',
        clientIp: '192.0.2.1',
        count: 5,
        resetAt: new Date(Date.now() - 60_000),
      });
      expect((await fetch(url)).status).toBe(200);
      const limited = await fetch(url);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3);

      const rules = (await deps.db.select().from(rateLimitCounters)).map((r) => r.rule);
      expect(rules).toContain('test-window');
      expect(rules).not.toContain('test-ended');

      // Retry-After is honest: once it has passed, the client is let in again.
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1_000 + 100));
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
