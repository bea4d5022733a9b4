// trawl schedules list | create | pause | resume | runs | delete, as a child process.
import { startTestServer, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, runCli, type Sandbox } from './cli.js';

let server: TestServer;
let trawl: TrawlClient;
let sandbox: Sandbox;
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];

beforeAll(async () => {
  // The scheduler never ticks on its own here: no run starts while the test looks.
  server = await startTestServer({ env: { TRAWL_SCHEDULER_POLL_MS: '3600000' } });
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
});
afterAll(async () => {
  await server?.close();
  sandbox?.cleanup();
});

describe('trawl schedules', () => {
  it("schedules a crawl's settings, lists, pauses, resumes and deletes the schedule", async () => {
    // A crawl of a closed port: it ends failed at once, which is all a schedule needs.
    const crawl = await trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/docs', maxResults: 3 });

    const created = await runCli(
      [
        'schedules',
        'create',
        crawl.id,
        '--cron',
        '0 6 * * 1-5',
        '--tz',
        'Europe/Berlin',
        '--json',
        ...auth(),
      ],
      sandbox,
    );
    expect(created.code, created.stderr).toBe(0);
    const schedule = JSON.parse(created.stdout) as {
      id: string;
      name: string;
      settings: { maxResults: number };
    };
    expect(schedule).toMatchObject({ name: '127.0.0.1:9', settings: { maxResults: 3 } });

    const listed = await runCli(['schedules', 'list', ...auth()], sandbox);
    expect(listed.stdout).toMatch(
      new RegExp(
        `^${schedule.id} +127\\.0\\.0\\.1:9 +cron 0 6 \\* \\* 1-5 \\(Europe/Berlin\\) +\\d{4}-`,
        'm',
      ),
    );

    const paused = await runCli(['schedules', 'pause', schedule.id, ...auth()], sandbox);
    expect(paused.stdout).toBe(`Schedule paused: 127.0.0.1:9 (${schedule.id})\n`);
    expect((await trawl.schedules.get(schedule.id)).paused).toBe(true);
    expect((await runCli(['schedules', 'list', ...auth()], sandbox)).stdout).toMatch(/ paused$/m);

    const resumed = await runCli(['schedules', 'resume', schedule.id, ...auth()], sandbox);
    expect(resumed.stdout).toContain('Schedule resumed: 127.0.0.1:9');
    expect((await trawl.schedules.get(schedule.id)).nextRunAt).not.toBeNull();

    const every = await runCli(
      ['schedules', 'create', crawl.id, '--every', '12h', '--name', 'Twice', ...auth()],
      sandbox,
    );
    expect(every.stdout).toMatch(/^Schedule created: Twice \(.+\), every 12h\n/);

    expect((await runCli(['schedules', 'runs', schedule.id, ...auth()], sandbox)).stdout).toBe(
      'No runs yet.\n',
    );
    const deleted = await runCli(['schedules', 'delete', schedule.id, ...auth()], sandbox);
    expect(deleted.stdout).toBe(`Schedule deleted: ${schedule.id}\n`);
    expect((await trawl.schedules.list()).map((s) => s.name)).toEqual(['Twice']);
  }, 180_000);

  it('says what is wrong: no timing, a bad duration, a bad cron, a short interval', async () => {
    const crawl = await trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
    const neither = await runCli(['schedules', 'create', crawl.id, ...auth()], sandbox);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('Give either --cron or --every');

    const badEvery = await runCli(['schedules', 'create', crawl.id, '--every', 'soon', ...auth()], sandbox);
    expect(badEvery.code).toBe(2);
    expect(badEvery.stderr).toContain('--every must be a duration');

    const badCron = await runCli(
      ['schedules', 'create', crawl.id, '--cron', '61 * * * *', ...auth()],
      sandbox,
    );
    expect(badCron.code).toBe(1);
    expect(badCron.stderr).toContain('Cron is not valid');

    const short = await runCli(['schedules', 'create', crawl.id, '--every', '1m', ...auth()], sandbox);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 300');
  }, 120_000);
});
