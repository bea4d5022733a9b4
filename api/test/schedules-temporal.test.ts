import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  payloadJson,
  startFakeScheduleFrontend,
  type FakeScheduleFrontend,
} from './fake-temporal-schedules.js';
import { startTestServer, type TestServer } from './harness.js';

// Schedules with crawls on Temporal: each change goes to a Temporal Schedule through the real
// @temporalio/client, here talking to a stand-in of Temporal's frontend that records what it was asked.
let fake: FakeScheduleFrontend;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeScheduleFrontend();
  server = await startTestServer({
    env: {
      TEMPORAL_ADDRESS: fake.address,
      TEMPORAL_RPC_TIMEOUT_MS: '1500',
      TRAWL_CRAWL_BATCH_SIZE: '5',
      TEMPORAL_RETRY_WINDOW_S: '120',
      TRAWL_SCHEDULER_POLL_MS: '3600000',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function call<T = { code?: string; message?: string }>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

interface Schedule {
  id: string;
  paused: boolean;
  nextRunAt: string | null;
  upcoming: string[];
}

const settings = { startUrl: 'http://127.0.0.1:9/', maxResults: 1 };
const lastCall = () => fake.calls.at(-1)!;
const callsSince = (n: number) => fake.calls.slice(n).map((c) => c.method);

describe('schedules on Temporal', () => {
  it('creates a Temporal Schedule with the cron, the time zone, SKIP, and scheduledCrawlRun on trawl-http', async () => {
    const created = await call<Schedule>('POST', '/schedules', {
      settings,
      cron: '0 6 * * 1-5',
      timeZone: 'Europe/Berlin',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect(lastCall()).toMatchObject({ method: 'CreateSchedule', scheduleId: `trawl-schedule-${id}` });
    const { schedule } = lastCall().request;
    expect(schedule.spec).toMatchObject({ cronString: ['0 6 * * 1-5'], timezoneName: 'Europe/Berlin' });
    expect(schedule.policies.overlapPolicy).toBe('SCHEDULE_OVERLAP_POLICY_SKIP');
    expect(schedule.state?.paused ?? false).toBe(false);
    const start = schedule.action.startWorkflow;
    expect(start.workflowType.name).toBe('scheduledCrawlRun');
    expect(start.taskQueue.name).toBe('trawl-http');
    expect(start.workflowId).toBe(`trawl-schedule-run-${id}`);
    // The crawls it starts get the loop and retry window this API gives its crawls.
    expect(start.input.payloads.map(payloadJson)).toEqual([
      {
        scheduleId: id,
        crawl: { loop: { batchSize: 5, lanes: 3, batchesPerRun: 100 }, retryWindowSeconds: 120 },
      },
    ]);
    // The database still lists the upcoming runs.
    expect(created.body.upcoming).toHaveLength(5);

    // Paused and resumed: the Temporal Schedule is paused and unpaused.
    let before = fake.calls.length;
    expect((await call<Schedule>('PATCH', `/schedules/${id}`, { paused: true })).body.paused).toBe(true);
    expect(callsSince(before)).toEqual(['PatchSchedule']);
    expect(lastCall().request.patch.pause).toBe('Paused in Trawl');
    before = fake.calls.length;
    expect((await call<Schedule>('PATCH', `/schedules/${id}`, { paused: false })).body.paused).toBe(false);
    expect(callsSince(before)).toEqual(['PatchSchedule']);
    expect(lastCall().request.patch.unpause).toBeTruthy();
    // A rename is Trawl's alone.
    before = fake.calls.length;
    expect((await call('PATCH', `/schedules/${id}`, { name: 'Weekday mornings' })).status).toBe(200);
    expect(callsSince(before)).toEqual([]);

    // Retimed: the whole schedule is updated with the new cron.
    before = fake.calls.length;
    expect((await call('PATCH', `/schedules/${id}`, { cron: '30 7 * * *', timeZone: 'UTC' })).status).toBe(
      200,
    );
    expect(callsSince(before)).toEqual(['UpdateSchedule']);
    expect(fake.schedules.get(`trawl-schedule-${id}`)!.spec).toMatchObject({
      cronString: ['30 7 * * *'],
      timezoneName: 'UTC',
    });
    expect(fake.schedules.get(`trawl-schedule-${id}`)!.action.startWorkflow.workflowType.name).toBe(
      'scheduledCrawlRun',
    );

    before = fake.calls.length;
    expect((await call('DELETE', `/schedules/${id}`)).status).toBe(204);
    expect(callsSince(before)).toEqual(['DeleteSchedule']);
    expect(fake.schedules.has(`trawl-schedule-${id}`)).toBe(false);
    expect((await call('GET', `/schedules/${id}`)).status).toBe(404);
  });

  it('fires an interval when the database says, and a paused one starts paused', async () => {
    const created = await call<Schedule>('POST', '/schedules', { settings, intervalSeconds: 900 });
    const spec = lastCall().request.schedule.spec;
    expect(spec.interval).toHaveLength(1);
    expect(spec.interval[0]!.interval).toEqual({ seconds: '900' });
    // Temporal fires at epoch + n × 900 s + phase: the phase puts a firing at the database's next run time.
    const next = Math.ceil(Date.parse(created.body.nextRunAt!) / 1000);
    expect(Number(spec.interval[0]!.phase?.seconds ?? 0)).toBe(next % 900);

    await call('POST', '/schedules', { settings, intervalSeconds: 600, paused: true });
    expect(lastCall().request.schedule.state).toMatchObject({ paused: true });
  });

  it('leaves the firing to Temporal: the embedded scheduler starts no run however late it is', async () => {
    const { body } = await call<Schedule>('POST', '/schedules', { settings, intervalSeconds: 300 });
    server.server.deps.config.scheduler.clockOffsetSeconds = 3600;
    try {
      expect(await server.server.scheduler.tick()).toBe(0);
    } finally {
      server.server.deps.config.scheduler.clockOffsetSeconds = 0;
    }
    expect((await call<unknown[]>('GET', `/schedules/${body.id}/runs`)).body).toEqual([]);
  });

  it('answers 503 when Temporal cannot be reached, leaving the schedule as it was', async () => {
    const { body: kept } = await call<Schedule>('POST', '/schedules', { settings, intervalSeconds: 600 });
    const listed = (await call<Schedule[]>('GET', '/schedules')).body.length;
    fake.down = true;
    try {
      const created = await call('POST', '/schedules', { settings, cron: '0 6 * * *' });
      expect(created.status).toBe(503);
      expect(created.body).toMatchObject({ code: 'scheduler_unavailable' });
      expect(created.body.message).toMatch(/Temporal/);
      expect((await call<Schedule[]>('GET', '/schedules')).body).toHaveLength(listed);

      expect((await call('PATCH', `/schedules/${kept.id}`, { paused: true })).status).toBe(503);
      expect((await call('PATCH', `/schedules/${kept.id}`, { intervalSeconds: 1200 })).status).toBe(503);
      expect((await call('DELETE', `/schedules/${kept.id}`)).status).toBe(503);
      const after = await call<Schedule & { intervalSeconds: number }>('GET', `/schedules/${kept.id}`);
      expect(after.body).toMatchObject({ paused: false, intervalSeconds: 600, nextRunAt: kept.nextRunAt });
    } finally {
      fake.down = false;
    }
    expect((await call('DELETE', `/schedules/${kept.id}`)).status).toBe(204);
  }, 30_000);
});
