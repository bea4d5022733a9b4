import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrawlStore } from '../src/crawls/store.js';
import { createTemporalReconciler, type CrawlWorkflows } from '../src/crawls/temporal-reconciler.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { crawlBatches, crawlLogs, crawls } from '../src/db/schema.js';
import { createLogger } from '../src/logger.js';
import { createTeamWithToken, createTestDatabase } from './harness.js';

// The reconciler on the real database, with Temporal's answers given by a table of workflows: no
// Temporal server can be had here (api/test/temporal-server.test.ts runs the same against a real one).
let database: DatabaseHandle;
let team: { teamId: string; projectId: string };

beforeAll(async () => {
  database = await createTestDatabase();
  team = await createTeamWithToken(database, 'Reconciler team');
});
afterAll(async () => {
  await database?.close();
});

/** A crawl row `running`, created `ageMinutes` ago with a timeout of `timeout` minutes. */
async function crawl(ageMinutes: number, timeout = 60): Promise<string> {
  const [row] = await database.db
    .insert(crawls)
    .values({
      teamId: team.teamId,
      projectId: team.projectId,
      startUrls: ['http://site.test/'],
      maxResults: 10,
      maxDepth: 3,
      useSitemap: false,
      entireWebsite: false,
      includeLinks: true,
      excludeNonMainTags: true,
      deduplicateContent: false,
      engineType: 'cheerio',
      useStaticIps: false,
      timeout,
      origin: 'api',
      createdAt: sql`now() - make_interval(mins => ${ageMinutes})`,
    })
    .returning({ id: crawls.id });
  return row!.id;
}

type State = Awaited<ReturnType<CrawlWorkflows['lookup']>>;

/** Temporal as the reconciler sees it: each crawl's workflow state, and what was terminated. */
function workflowsOf(states: Map<string, State>): CrawlWorkflows & { terminated: string[] } {
  const terminated: string[] = [];
  return {
    terminated,
    async lookup(id) {
      return states.get(id) ?? null;
    },
    async listOpen() {
      return [...states].filter(([, s]) => s?.running).map(([id]) => id);
    },
    async terminate(id, reason) {
      terminated.push(id);
      states.set(id, { running: false, status: 'TERMINATED', reason });
    },
  };
}

const statusOf = async (id: string) =>
  (await database.db.select({ status: crawls.status }).from(crawls).where(eq(crawls.id, id)))[0]!.status;
const logsOf = async (id: string) =>
  database.db
    .select({ message: crawlLogs.message, description: crawlLogs.description })
    .from(crawlLogs)
    .where(eq(crawlLogs.crawlId, id));

describe('Temporal reconciler', () => {
  it('ends error every running crawl whose workflow is closed or gone, saying why, and leaves the rest', async () => {
    const terminated = await crawl(10);
    const failed = await crawl(10);
    const lost = await crawl(10);
    const alive = await crawl(10);
    const starting = await crawl(0); // no workflow yet: may still be starting
    const states = new Map<string, State>([
      [terminated, { running: false, status: 'TERMINATED', reason: 'Stopped from the Temporal UI by ops' }],
      [failed, { running: false, status: 'FAILED', reason: 'Activity task failed' }],
      [alive, { running: true }],
    ]);
    const workflows = workflowsOf(states);
    const store = createCrawlStore(database.db);
    const reconciler = createTemporalReconciler({
      db: database.db,
      store,
      workflows,
      logger: createLogger('silent'),
    });

    const report = await reconciler.reconcile();
    expect(report.settled.sort()).toEqual([terminated, failed, lost].sort());
    expect(report.terminated).toEqual([]);
    for (const id of [terminated, failed, lost]) expect(await statusOf(id)).toBe('error');
    expect(await statusOf(alive)).toBe('running');
    expect(await statusOf(starting)).toBe('running');
    expect(await logsOf(terminated)).toEqual([
      {
        message: 'Crawl stopped by an internal error',
        description:
          'Its workflow ended terminated without ending the crawl: Stopped from the Temporal UI by ops',
      },
    ]);
    expect((await logsOf(lost))[0]!.description).toContain('not found on Temporal');

    // A second pass (another API process, the next period) changes nothing.
    expect(await reconciler.reconcile()).toEqual({ settled: [], terminated: [] });
  });

  it('terminates a workflow stuck past its crawl’s timeout, and one still open after its crawl ended', async () => {
    const stuck = await crawl(120, 60); // timed out an hour ago, workflow still open
    const aborted = await crawl(10);
    const store = createCrawlStore(database.db);
    await store.finishCrawl(aborted, 'aborted', []);
    await database.db.execute(
      sql`update ${crawls} set completed_at = now() - interval '5 minutes' where id = ${aborted}`,
    );
    const workflows = workflowsOf(
      new Map<string, State>([
        [stuck, { running: true }],
        [aborted, { running: true }],
      ]),
    );
    const reconciler = createTemporalReconciler({
      db: database.db,
      store,
      workflows,
      logger: createLogger('silent'),
    });
    const report = await reconciler.reconcile();
    // Crawls of the test before have no workflow in this table: only this test's two are looked at.
    const ours = (ids: string[]) => ids.filter((id) => id === stuck || id === aborted).sort();
    expect(ours(report.terminated)).toEqual([stuck, aborted].sort());
    expect(ours(report.settled)).toEqual([stuck]);
    expect(await statusOf(stuck)).toBe('error');
    expect((await logsOf(stuck))[0]!.description).toContain('could not make progress');
    expect(await statusOf(aborted)).toBe('aborted');
  });

  it('deletes staged batches of crawls that are no longer running, keeping those of running crawls', async () => {
    const running = await crawl(0);
    const ended = await crawl(0);
    const store = createCrawlStore(database.db);
    await store.stageBatch(running, `${running}/r/0`, { pages: [] });
    await store.stageBatch(ended, `${ended}/r/0`, { pages: [] });
    await store.finishCrawl(ended, 'aborted', []);
    // A fetch that outlived its crawl: staging after the end is refused...
    await store.stageBatch(ended, `${ended}/r/1`, { pages: [] });
    // ...and one staged by an older worker, without that guard, is swept.
    await database.db.insert(crawlBatches).values({ batchId: `${ended}/old/0`, crawlId: ended, outcome: {} });
    const reconciler = createTemporalReconciler({
      db: database.db,
      store,
      workflows: workflowsOf(new Map([[running, { running: true }]])),
      logger: createLogger('silent'),
    });
    await reconciler.reconcile();
    const left = await database.db.select({ batchId: crawlBatches.batchId }).from(crawlBatches);
    expect(left.map((r) => r.batchId).filter((b) => b.startsWith(running) || b.startsWith(ended))).toEqual([
      `${running}/r/0`,
    ]);
  });
});
