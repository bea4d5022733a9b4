// The embedded scheduler across a SIGKILL: the built server runs as a child process with its scheduler's
// clock shifted (TRAWL_SCHEDULER_CLOCK_OFFSET_S) so a schedule is due at once, is killed as soon as the run
// is claimed, and a new process on the same data must start that run's crawl exactly once.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { page, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killChild, startChildServer, type ChildServer } from './child-server.js';
import { createTestDatabaseUrl } from './harness.js';

const INTERVAL = 600;
const children: ChildProcess[] = [];
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let site: FixtureServer;

async function start(clockOffsetSeconds: number): Promise<ChildServer> {
  const server = await startChildServer({
    dataDir,
    databaseUrl: database?.url,
    env: {
      TRAWL_SCHEDULER_POLL_MS: '100',
      TRAWL_SCHEDULER_CLOCK_OFFSET_S: String(clockOffsetSeconds),
      TRAWL_PARSE_WORKERS: '1',
    },
  });
  children.push(server.child);
  return server;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'trawl-schedules-'));
  [database, site] = await Promise.all([createTestDatabaseUrl(), startFixtureServer()]);
  site.route('/', { body: page({ title: 'Home', main: '<h1>Home</h1><p>Scheduled.</p>' }) });
});
afterAll(async () => {
  await Promise.all(children.map(killChild));
  await site?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  dueAt: string;
  crawlId: string | null;
  status: string;
}

function client(url: string) {
  const { token } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as { token: string };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    call,
    runs: (id: string) => call<Run[]>('GET', `/schedules/${id}/runs`),
    crawlIds: async () =>
      (await call<{ results: Array<{ id: string }> }>('POST', '/crawls/query', { limit: 100 })).results
        .map((c) => c.id)
        .sort(),
  };
}

describe('schedules across a restart', () => {
  it(
    'neither loses nor doubles a run when the server is killed right after claiming it',
    { timeout: 120_000 },
    async () => {
      const first = await start(0);
      const schedule = await client(first.url).call<{ id: string; nextRunAt: string }>('POST', '/schedules', {
        settings: { startUrl: `${site.origin}/`, maxResults: 1 },
        intervalSeconds: INTERVAL,
      });
      const firstDue = schedule.nextRunAt;
      await killChild(first.child);

      // Due at once: the first tick claims it, and the process dies as soon as the claim is seen.
      const second = await start(INTERVAL + 1);
      let api = client(second.url);
      await expect.poll(async () => (await api.runs(schedule.id)).length, { interval: 10 }).toBe(1);
      await killChild(second.child);

      const third = await start(INTERVAL + 1);
      api = client(third.url);
      await expect
        .poll(async () => (await api.runs(schedule.id)).map((r) => r.status), { timeout: 30_000 })
        .toEqual(['started']);
      const [run] = await api.runs(schedule.id);
      expect(run!.dueAt).toBe(firstDue);
      expect(await api.crawlIds(), third.output()).toEqual([run!.crawlId]);
      await expect
        .poll(async () => (await api.call<{ status: string }>('GET', `/crawls/${run!.crawlId}`)).status, {
          timeout: 30_000,
        })
        .toBe('succeeded');
      await killChild(third.child);

      // Down for two more due times: one run on restart, for the latest of them.
      const fourth = await start(3 * INTERVAL + 2);
      api = client(fourth.url);
      await expect.poll(async () => (await api.runs(schedule.id)).length, { timeout: 30_000 }).toBe(2);
      const runs = await api.runs(schedule.id);
      expect(Date.parse(runs[0]!.dueAt) - Date.parse(firstDue)).toBe(2 * INTERVAL * 1000);
      await expect
        .poll(async () => (await api.runs(schedule.id)).every((r) => r.status === 'started'))
        .toBe(true);
      const crawls = await api.crawlIds();
      expect(crawls).toHaveLength(2);
      expect(crawls).toEqual((await api.runs(schedule.id)).map((r) => r.crawlId).sort());
    },
  );
});
