import { page, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueSchedules } from '../src/schedules/scheduler.js';
import { createTeamWithToken, startTestServer, type TestServer } from './harness.js';
import { seedCrawl } from './support-seed.js';

// Schedules on an injected clock: the scheduler only ticks when the test says so, and its clock is shifted
// (TRAWL_SCHEDULER_CLOCK_OFFSET_S, changed in place) to make a schedule due without waiting.
let server: TestServer;
let site: FixtureServer;

beforeAll(async () => {
  [server, site] = await Promise.all([
    startTestServer({ env: { TRAWL_SCHEDULER_POLL_MS: '3600000' } }),
    startFixtureServer(),
  ]);
  site.route('/', { body: page({ title: 'Home', main: '<h1>Home</h1><p>Scheduled content.</p>' }) });
});
afterAll(async () => {
  await server?.close();
  await site?.close();
});

/** Sets the scheduler's clock to `seconds` from the real now. */
const setClock = (seconds: number): void => {
  server.server.deps.config.scheduler.clockOffsetSeconds = seconds;
};
const tick = () => server.server.scheduler.tick();

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  token = server.token,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

interface Schedule {
  id: string;
  name: string;
  paused: boolean;
  nextRunAt: string | null;
  upcoming: string[];
  sourceCrawlId: string | null;
  settings: { startUrl: string; maxResults: number };
}
interface Run {
  dueAt: string;
  crawlId: string | null;
  status: string;
}

const settings = () => ({ startUrl: `${site.origin}/`, maxResults: 1 });
const runsOf = async (id: string) => (await call<Run[]>('GET', `/schedules/${id}/runs`)).body;

describe('schedules', () => {
  it('refuses a bad cron, a too frequent one, an unknown time zone and a short interval with clear 400s', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ cron: 'not a cron' }, 'cron', 'invalid_cron'],
      [{ cron: '0 0 * *' }, 'cron', 'invalid_cron'],
      [{ cron: '* * * * *' }, 'cron', 'invalid_cron'],
      [{ cron: '0 6 * * *', timeZone: 'Mars/Olympus' }, 'timeZone', 'validation_error'],
      [{ intervalSeconds: 60 }, 'intervalSeconds', 'validation_error'],
      [{}, 'cron', 'validation_error'],
      [{ cron: '0 6 * * *', intervalSeconds: 600 }, 'cron', 'validation_error'],
    ];
    for (const [timing, path, code] of cases) {
      const res = await call<{ code: string; details: Array<{ path: string }> }>('POST', '/schedules', {
        settings: settings(),
        ...timing,
      });
      expect(res.status, JSON.stringify(timing)).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.details.map((d) => d.path)).toContain(path);
    }
    const both = await call('POST', '/schedules', { intervalSeconds: 600 });
    expect(both.status).toBe(400);
  });

  it('fires once per due time on the injected clock, and runs a missed stretch once, not as a burst', async () => {
    setClock(0);
    const created = await call<Schedule>('POST', '/schedules', {
      settings: settings(),
      intervalSeconds: 600,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const schedule = created.body;
    expect(schedule.name).toBe(new URL(site.origin).host);
    const firstDue = schedule.nextRunAt!;
    expect(schedule.upcoming).toHaveLength(5);
    expect(Date.parse(schedule.upcoming[1]!) - Date.parse(firstDue)).toBe(600_000);

    expect(await tick()).toBe(0);
    setClock(601);
    expect(await tick()).toBe(1);
    expect(await tick()).toBe(0);
    let runs = await runsOf(schedule.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ dueAt: firstDue, status: 'started' });
    const crawl = await call<{ startUrls: string[]; maxResults: number }>(
      'GET',
      `/crawls/${runs[0]!.crawlId}`,
    );
    expect(crawl.body).toMatchObject({ startUrls: [`${site.origin}/`], maxResults: 1 });

    // Three due times pass unseen: one run, for the latest of them.
    setClock(601 + 3 * 600);
    expect(await tick()).toBe(1);
    expect(await tick()).toBe(0);
    runs = await runsOf(schedule.id);
    expect(runs).toHaveLength(2);
    expect(Date.parse(runs[0]!.dueAt) - Date.parse(firstDue)).toBe(3 * 600_000);
    const after = (await call<Schedule>('GET', `/schedules/${schedule.id}`)).body;
    expect(Date.parse(after.nextRunAt!) - Date.parse(firstDue)).toBe(4 * 600_000);
    await call('DELETE', `/schedules/${schedule.id}`);
  });

  it('stops while paused, runs again once resumed, and never after it is deleted', async () => {
    setClock(0);
    const schedule = (
      await call<Schedule>('POST', '/schedules', { settings: settings(), intervalSeconds: 600 })
    ).body;
    const paused = await call<Schedule>('PATCH', `/schedules/${schedule.id}`, { paused: true });
    expect(paused.body).toMatchObject({ paused: true, nextRunAt: null, upcoming: [] });
    setClock(10 * 600);
    expect(await tick()).toBe(0);
    expect(await runsOf(schedule.id)).toHaveLength(0);

    // Resumed at the shifted now: the first run is one interval later, the paused stretch is skipped.
    const resumed = await call<Schedule>('PATCH', `/schedules/${schedule.id}`, { paused: false });
    expect(resumed.body.paused).toBe(false);
    expect(await tick()).toBe(0);
    setClock(11 * 600 + 1);
    expect(await tick()).toBe(1);
    expect(await runsOf(schedule.id)).toHaveLength(1);

    expect((await call('DELETE', `/schedules/${schedule.id}`)).status).toBe(204);
    setClock(100 * 600);
    expect(await tick()).toBe(0);
    expect((await call('GET', `/schedules/${schedule.id}`)).status).toBe(404);
  });

  it('lists upcoming cron runs in the time zone, across a daylight saving change', async () => {
    // The clock at 2026-10-29 12:00 UTC; New York leaves daylight saving time on 2026-11-01.
    setClock(Math.floor((Date.parse('2026-10-29T12:00:00Z') - Date.now()) / 1000));
    const res = await call<Schedule>('POST', '/schedules', {
      settings: settings(),
      cron: '0 9 * * *',
      timeZone: 'America/New_York',
      paused: false,
    });
    expect(res.status).toBe(201);
    expect(res.body.upcoming).toEqual([
      '2026-10-29T13:00:00.000Z',
      '2026-10-30T13:00:00.000Z',
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
    await call('DELETE', `/schedules/${res.body.id}`);
  });

  it("repeats a crawl's settings, in that crawl's project", async () => {
    const { crawlId } = await seedCrawl(server.server.deps.db, server, {
      startUrl: 'https://a.example.com/docs',
    });
    const res = await call<Schedule>('POST', '/schedules', { crawlId, cron: '@daily', name: 'Docs nightly' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Docs nightly',
      sourceCrawlId: crawlId,
      settings: { startUrl: 'https://a.example.com/docs', maxResults: 10 },
    });
    const list = await call<Schedule[]>('GET', '/schedules');
    expect(list.body.map((s) => s.id)).toContain(res.body.id);
    await call('DELETE', `/schedules/${res.body.id}`);
  });

  it('runs each time as a recrawl in the series: compared with the newest finished crawl, in its history folder', async () => {
    setClock(0);
    interface Crawl {
      id: string;
      status: string;
      compareWith: string | null;
      parentId: string | null;
      changes: Record<string, number> | null;
    }
    const finished = async (id: string): Promise<Crawl> => {
      for (;;) {
        const crawl = (await call<Crawl>('GET', `/crawls/${id}`)).body;
        if (crawl.status !== 'running') return crawl;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const source = await finished((await call<Crawl>('POST', '/crawls', settings())).body.id);
    const schedule = (
      await call<Schedule>('POST', '/schedules', { crawlId: source.id, intervalSeconds: 600 })
    ).body;

    setClock(601);
    expect(await tick()).toBe(1);
    const first = await finished((await runsOf(schedule.id))[0]!.crawlId!);
    expect(first).toMatchObject({ status: 'succeeded', compareWith: source.id });
    expect(first.changes).toMatchObject({ new: 0, changed: 0, unchanged: 1, removed: 0 });
    const folders = (await call<Array<{ id: string; name: string }>>('GET', '/folders')).body;
    expect(folders.find((folder) => folder.id === first.parentId)?.name).toBe(
      `${new URL(site.origin).host} history`,
    );
    expect((await call<Crawl>('GET', `/crawls/${source.id}`)).body.parentId).toBe(first.parentId);

    setClock(1201);
    expect(await tick()).toBe(1);
    const second = await finished((await runsOf(schedule.id))[0]!.crawlId!);
    expect(second).toMatchObject({ compareWith: first.id, parentId: first.parentId });
    await call('DELETE', `/schedules/${schedule.id}`);
  });

  it('launches a run claimed before a crash exactly once', async () => {
    setClock(0);
    const schedule = (
      await call<Schedule>('POST', '/schedules', { settings: settings(), intervalSeconds: 600 })
    ).body;
    setClock(601);
    // The claim alone, as a server that died before launching would have left it.
    const claimed = await claimDueSchedules(server.server.deps, new Date(Date.now() + 601_000));
    expect(claimed.map((c) => c.schedule.id)).toEqual([schedule.id]);
    expect((await runsOf(schedule.id))[0]).toMatchObject({ status: 'pending', crawlId: null });
    expect(await tick()).toBe(1);
    expect(await tick()).toBe(0);
    const runs = await runsOf(schedule.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'started' });
    expect(runs[0]!.crawlId).toBeTruthy();
    await call('DELETE', `/schedules/${schedule.id}`);
  });

  it("hides another team's schedules", async () => {
    const schedule = (await call<Schedule>('POST', '/schedules', { settings: settings(), cron: '@daily' }))
      .body;
    const other = await createTeamWithToken(server.server.database);
    expect((await call('GET', `/schedules/${schedule.id}`, undefined, other.token)).status).toBe(404);
    expect((await call('PATCH', `/schedules/${schedule.id}`, { paused: true }, other.token)).status).toBe(
      404,
    );
    expect((await call('DELETE', `/schedules/${schedule.id}`, undefined, other.token)).status).toBe(404);
    expect((await call<Schedule[]>('GET', '/schedules', undefined, other.token)).body).toEqual([]);
    await call('DELETE', `/schedules/${schedule.id}`);
  });
});
