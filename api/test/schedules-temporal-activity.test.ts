import { page, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { MockActivityEnvironment } from '@temporalio/testing';
import type {
  ScheduledCrawlSettings,
  ScheduledRunActivities,
  ScheduledRunOutcome,
} from '@trawl/workflows/temporal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduledRunActivities } from '../src/schedules/scheduled-run-activity.js';
import { recordDueRun } from '../src/schedules/scheduler.js';
import { startTestServer, type TestServer } from './harness.js';

// The activity a Temporal Schedule's run calls, as a worker runs it, on the server's own database: the
// crawls it starts run in the server's in-process runner (what a worker would start on Temporal).
let server: TestServer;
let site: FixtureServer;
let activities: ScheduledRunActivities;
const started: Array<{ crawlId: string; crawl: ScheduledCrawlSettings }> = [];
const forgotten: string[] = [];
let refuseStart = false;

const crawl: ScheduledCrawlSettings = {
  loop: { batchSize: 8, lanes: 3, batchesPerRun: 100 },
  retryWindowSeconds: 900,
};

beforeAll(async () => {
  [server, site] = await Promise.all([
    startTestServer({ env: { TRAWL_SCHEDULER_POLL_MS: '3600000' } }),
    startFixtureServer(),
  ]);
  site.route('/', { body: page({ title: 'Home', main: '<h1>Home</h1><p>Scheduled content.</p>' }) });
  const { db, config, logger } = server.server.deps;
  activities = createScheduledRunActivities({
    db,
    logger,
    config,
    async startCrawl(crawlId, settings) {
      if (refuseStart) throw new Error('Temporal did not answer');
      started.push({ crawlId, crawl: settings });
      await server.runner.start(crawlId);
    },
    async forgetSchedule(scheduleId) {
      forgotten.push(scheduleId);
    },
  });
});
afterAll(async () => {
  await Promise.all(started.map((s) => server.runner.settled(s.crawlId)));
  await server?.close();
  await site?.close();
});

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

interface Schedule {
  id: string;
  nextRunAt: string | null;
  lastRunAt: string | null;
}
interface Run {
  dueAt: string;
  status: string;
  crawlId: string | null;
  error: string | null;
}

const newSchedule = () =>
  call<Schedule>('POST', '/schedules', {
    settings: { startUrl: `${site.origin}/`, maxResults: 1 },
    intervalSeconds: 600,
  });
const run = (scheduleId: string, dueAt: string): Promise<ScheduledRunOutcome> =>
  new MockActivityEnvironment().run(activities.runScheduledCrawl, { scheduleId, crawl, dueAt });

describe('the scheduled run activity', () => {
  it('records and starts one run per due time, even run twice at once and retried', async () => {
    const schedule = await newSchedule();
    const dueAt = schedule.nextRunAt!;
    const before = started.length;
    const outcomes = await Promise.all([run(schedule.id, dueAt), run(schedule.id, dueAt)]);
    const startedOne = outcomes.find((o) => o.status === 'started');
    expect(outcomes.map((o) => o.status).sort()).toEqual(['started', 'taken']);
    // A retry after the answer was lost.
    expect(await run(schedule.id, dueAt)).toEqual({ status: 'taken' });

    expect(started.slice(before)).toHaveLength(1);
    expect(started.at(-1)).toEqual({ crawlId: (startedOne as { crawlId: string }).crawlId, crawl });
    const runs = await call<Run[]>('GET', `/schedules/${schedule.id}/runs`);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ dueAt, status: 'started', crawlId: started.at(-1)!.crawlId });
    // The database's timetable follows the runs: listings show the next one.
    const after = await call<Schedule>('GET', `/schedules/${schedule.id}`);
    expect(after.lastRunAt).toBe(dueAt);
    expect(Date.parse(after.nextRunAt!) - Date.parse(dueAt)).toBe(600_000);

    // The next due time is a run of its own, a recrawl compared with the first.
    const next = new Date(Date.parse(dueAt) + 600_000).toISOString();
    await server.runner.settled(started.at(-1)!.crawlId);
    expect(await run(schedule.id, next)).toMatchObject({ status: 'started' });
    const second = await call<{ compareWith: string | null }>('GET', `/crawls/${started.at(-1)!.crawlId}`);
    expect(second.compareWith).toBe(runs[0]!.crawlId);
    expect(await call<Run[]>('GET', `/schedules/${schedule.id}/runs`)).toHaveLength(2);
  });

  it('starts a run an earlier attempt recorded but never started', async () => {
    const schedule = await newSchedule();
    const dueAt = new Date(Date.parse(schedule.nextRunAt!) + 1_200_000);
    await recordDueRun(server.server.deps, schedule.id, dueAt);
    expect((await call<Run[]>('GET', `/schedules/${schedule.id}/runs`))[0]).toMatchObject({
      status: 'pending',
    });
    expect(await run(schedule.id, dueAt.toISOString())).toMatchObject({ status: 'started' });
    expect((await call<Run[]>('GET', `/schedules/${schedule.id}/runs`))[0]).toMatchObject({
      status: 'started',
    });
  });

  it('records a run that cannot start as failed, and does not start it on a retry', async () => {
    const schedule = await newSchedule();
    refuseStart = true;
    try {
      expect(await run(schedule.id, schedule.nextRunAt!)).toEqual({ status: 'failed' });
    } finally {
      refuseStart = false;
    }
    expect(await run(schedule.id, schedule.nextRunAt!)).toEqual({ status: 'failed' });
    const runs = await call<Run[]>('GET', `/schedules/${schedule.id}/runs`);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'failed' });
  });

  it('records nothing for a paused schedule, and forgets the Temporal Schedule of a deleted one', async () => {
    const schedule = await newSchedule();
    await call('PATCH', `/schedules/${schedule.id}`, { paused: true });
    expect(await run(schedule.id, schedule.nextRunAt!)).toEqual({ status: 'skipped' });
    expect(await call<Run[]>('GET', `/schedules/${schedule.id}/runs`)).toEqual([]);

    await call('DELETE', `/schedules/${schedule.id}`);
    expect(await run(schedule.id, schedule.nextRunAt!)).toEqual({ status: 'gone' });
    expect(forgotten).toEqual([schedule.id]);
  });
});
