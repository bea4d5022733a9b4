import { mountDocsSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { Client, Connection, ScheduleNotFoundError } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { urlKey, type CrawlEngine, type CrawlStore } from '@trawl/workflows';
import {
  CRAWL_WORKFLOW,
  TASK_QUEUES,
  createActivities,
  createCrawlWorkers,
  crawlWorkflowId,
  temporalScheduleId,
  type CrawlWorkflowInput,
} from '@trawl/workflows/temporal';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedPoliteness } from '../src/crawls/host-politeness.js';
import { createEngine } from '../src/crawls/orchestrator.js';
import { createCrawlStore } from '../src/crawls/store.js';
import { createTemporalReconciler } from '../src/crawls/temporal-reconciler.js';
import { temporalCrawlWorkflows } from '../src/crawls/temporal-workflows.js';
import { crawlBatches, crawlFrontier, crawls } from '../src/db/schema.js';
import { createLogger } from '../src/logger.js';
import { createScheduledRunActivities, temporalRunPorts } from '../src/schedules/scheduled-run-activity.js';
import { startTestServer, type TestServer } from './harness.js';

// Whole crawls on a real Temporal server, with workers in this process: an HTTP worker and a browser
// worker, each with an engine of its own as in production. No Temporal server can be had on every
// machine, so this suite runs only when TEMPORAL_ADDRESS points at one (and says so when skipped), for
// example `temporal server start-dev` then `TEMPORAL_ADDRESS=127.0.0.1:7233 npx vitest run <this file>`.
const address = process.env.TEMPORAL_ADDRESS;
const namespace = process.env.TEMPORAL_NAMESPACE ?? 'default';

describe.skipIf(!address)(
  `crawls on a real Temporal server${address ? ` at ${address}` : ' (skipped: set TEMPORAL_ADDRESS to run)'}`,
  () => {
    let server: TestServer;
    let site: FixtureServer;
    let external: FixtureServer;
    let trawl: TrawlClient;
    let workers: Worker[] = [];
    let running: Promise<unknown>;
    let stopWorkers: () => Promise<void>;
    let browserEngine: CrawlEngine;
    let client: Client;
    let connection: Connection;
    /** Crawls whose batches fail to stage, as during a database outage that outlasts the retry window. */
    const failing = new Set<string>();

    beforeAll(async () => {
      [server, site, external] = await Promise.all([
        startTestServer({
          env: { TEMPORAL_ADDRESS: address!, TEMPORAL_NAMESPACE: namespace, TEMPORAL_RETRY_WINDOW_S: '3' },
        }),
        startFixtureServer(),
        startFixtureServer({ host: '127.0.0.2' }),
      ]);
      mountDocsSite(site, external);
      site.route('/slow', { delayMs: 20_000, body: '<html><body><main>slow</main></body></html>' });
      site.route('/fails', { delayMs: 500, body: '<html><body><main>fails</main></body></html>' });
      const { db, config } = server.server.deps;
      const store = createCrawlStore(db);
      const flaky: CrawlStore = {
        ...store,
        async stageBatch(crawlId, batchId, batch) {
          if (failing.has(crawlId)) throw new Error('connection to the database was lost');
          return store.stageBatch(crawlId, batchId, batch);
        },
      };
      const politeness = createSharedPoliteness(db);
      const httpEngine = createEngine(config, createLogger('error'), politeness);
      browserEngine = createEngine(config, createLogger('error'), politeness);
      const options = { address: address!, namespace, maxConcurrentActivities: 8 };
      connection = await Connection.connect({ address: address! });
      client = new Client({ connection, namespace });
      const http = await createCrawlWorkers({
        ...options,
        queues: ['http'],
        activities: {
          ...createActivities({ store: flaky, engine: httpEngine }),
          // As `npm run worker` has it: the activity of the runs Temporal Schedules start.
          ...createScheduledRunActivities({
            db,
            config,
            logger: createLogger('error'),
            ...temporalRunPorts(client),
          }),
        },
      });
      const browser = await createCrawlWorkers({
        ...options,
        queues: ['browser'],
        activities: createActivities({ store: flaky, engine: browserEngine }),
      });
      workers = [...http.workers, ...browser.workers];
      running = Promise.all(workers.map((w) => w.run()));
      stopWorkers = async () => {
        workers.forEach((w) => w.shutdown());
        await running;
        await Promise.all([httpEngine.close(), browserEngine.close()]);
        await Promise.all([http.connection.close(), browser.connection.close()]);
      };
      trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
    }, 120_000);
    afterAll(async () => {
      await stopWorkers?.();
      await connection?.close();
      await Promise.all([server?.close(), site?.close(), external?.close()]);
    });

    const logsOf = async (id: string) => (await trawl.crawls.logsPage(id)).results;
    const stagedOf = async (id: string) =>
      server.server.deps.db.select().from(crawlBatches).where(eq(crawlBatches.crawlId, id));

    it('reports healthy once workers poll the task queues', async () => {
      const health = async () => {
        const res = await fetch(`${server.url}/is-healthy`);
        return { status: res.status, body: (await res.json()) as unknown };
      };
      // Workers begin polling a moment after they start; the answer is cached for up to 5 s.
      await expect
        .poll(health, { timeout: 20_000, interval: 1_000 })
        .toEqual({ status: 200, body: { isHealthy: true, database: true, crawler: true } });
    }, 30_000);

    it('crawls to the end through workflows and activities', async () => {
      expect(server.server.deps.orchestrator.kind).toBe('temporal');
      const crawl = await trawl.crawls.start({
        startUrl: `${site.origin}/`,
        maxResults: 20,
        maxDepth: 2,
        engineType: 'cheerio',
      });
      const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 200 });
      expect(done).toMatchObject({ status: 'succeeded', numberOfResults: 18 });
      const urls: string[] = [];
      for await (const r of trawl.crawls.results(crawl.id)) urls.push(r.url);
      expect(new Set(urls).size).toBe(18);
    }, 120_000);

    it('renders on the browser worker and leaves no browser context open there once the crawl ends', async () => {
      const crawl = await trawl.crawls.start({
        startUrl: `${site.origin}/`,
        maxResults: 5,
        engineType: 'playwright',
      });
      const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 200 });
      expect(done).toMatchObject({ status: 'succeeded', numberOfResults: 5 });
      expect(browserEngine.stats().browserContexts).toBe(0);
    }, 120_000);

    it('aborts by cancelling the workflow: the fetch stops within 2 s, nothing is left staged', async () => {
      const crawl = await trawl.crawls.start({ startUrl: `${site.origin}/slow`, engineType: 'cheerio' });
      await expect.poll(() => site.hits('/slow'), { timeout: 10_000 }).toBeGreaterThan(0);
      const abortedAt = Date.now();
      expect((await trawl.crawls.abort(crawl.id)).status).toBe('aborted');
      const handle = client.workflow.getHandle(crawlWorkflowId(crawl.id));
      // The workflow waits for the fetch to confirm it stopped before it closes.
      await expect
        .poll(async () => (await handle.describe()).status.name, { timeout: 5_000, interval: 100 })
        .toBe('CANCELLED');
      expect(Date.now() - abortedAt).toBeLessThan(5_000);
      expect(await stagedOf(crawl.id)).toEqual([]);
    }, 60_000);

    it('ends timed_out when the durable timer fires', async () => {
      const crawl = await trawl.crawls.start({
        startUrl: `${site.origin}/slow`,
        engineType: 'cheerio',
        timeout: 1,
      });
      const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 1_000 });
      expect(done.status).toBe('timed_out');
      expect(await stagedOf(crawl.id)).toEqual([]);
    }, 150_000);

    it('ends error, saying why, when a step keeps failing past the retry window', async () => {
      const crawl = await trawl.crawls.start({ startUrl: `${site.origin}/fails`, engineType: 'cheerio' });
      failing.add(crawl.id);
      const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 500 });
      expect(done.status).toBe('error');
      const log = (await logsOf(crawl.id)).find((l) => l.message === 'Crawl stopped by an internal error');
      expect(log?.description).toMatch(
        /^The fetchAndExtract step failed after retrying .*: connection to the database was lost$/,
      );
      const description = await client.workflow.getHandle(crawlWorkflowId(crawl.id)).describe();
      expect(description.status.name).toBe('FAILED');
    }, 120_000);

    it('ends error a crawl whose workflow was terminated, with the reason given', async () => {
      const crawl = await trawl.crawls.start({ startUrl: `${site.origin}/slow`, engineType: 'cheerio' });
      await client.workflow
        .getHandle(crawlWorkflowId(crawl.id))
        .terminate('Stopped by ops from the Temporal UI');
      const reconciler = createTemporalReconciler({
        db: server.server.deps.db,
        store: createCrawlStore(server.server.deps.db),
        logger: createLogger('silent'),
        workflows: temporalCrawlWorkflows({ client, connection, namespace, withinDeadline: (fn) => fn() }),
        startGraceMs: 0,
      });
      const report = await reconciler.reconcile();
      expect(report.settled).toContain(crawl.id);
      expect((await trawl.crawls.get(crawl.id)).status).toBe('error');
      expect((await logsOf(crawl.id)).map((l) => l.description)).toContain(
        'Its workflow ended terminated without ending the crawl: Stopped by ops from the Temporal UI',
      );
    }, 60_000);

    it('continues as new after its batches per run, carrying the loop’s shape, and finishes', async () => {
      // A crawl row of its own, started here with a small run so it continues as new twice.
      const { db } = server.server.deps;
      const model = await trawl.crawls.start({
        startUrl: `${site.origin}/about`,
        engineType: 'cheerio',
        maxResults: 1,
      });
      await trawl.crawls.waitForCompletion(model.id, { pollIntervalMs: 200 });
      const [team] = await db
        .select({ teamId: crawls.teamId, projectId: crawls.projectId })
        .from(crawls)
        .where(eq(crawls.id, model.id));
      const startUrl = `${site.origin}/`;
      const [row] = await db
        .insert(crawls)
        .values({
          ...team!,
          startUrls: [startUrl],
          maxResults: 6,
          maxDepth: 2,
          useSitemap: false,
          entireWebsite: false,
          includeLinks: true,
          excludeNonMainTags: true,
          deduplicateContent: true,
          engineType: 'cheerio',
          useStaticIps: false,
          timeout: 10,
          origin: 'api',
        })
        .returning({ id: crawls.id });
      await db
        .insert(crawlFrontier)
        .values({ crawlId: row!.id, urlKey: urlKey(startUrl), url: startUrl, depth: 0 });
      const input: CrawlWorkflowInput = {
        crawlId: row!.id,
        loop: { batchSize: 2, lanes: 1, batchesPerRun: 2 },
        retryWindowSeconds: 3,
      };
      const handle = await client.workflow.start(CRAWL_WORKFLOW, {
        taskQueue: TASK_QUEUES.http,
        workflowId: crawlWorkflowId(row!.id),
        args: [input],
      });
      const done = await trawl.crawls.waitForCompletion(row!.id, { pollIntervalMs: 200 });
      expect(done).toMatchObject({ status: 'succeeded', numberOfResults: 6 });
      const first = await client.workflow.getHandle(handle.workflowId, handle.firstExecutionRunId).describe();
      expect(first.status.name).toBe('CONTINUED_AS_NEW');
    }, 120_000);

    it('runs a schedule as a Temporal Schedule: a run records and starts its crawl once, deleting removes it', async () => {
      const schedule = await trawl.schedules.create({
        settings: { startUrl: `${site.origin}/about`, maxResults: 1, engineType: 'cheerio' },
        intervalSeconds: 3600,
      });
      const handle = client.schedule.getHandle(temporalScheduleId(schedule.id));
      const described = await handle.describe();
      expect(described.spec.intervals?.[0]?.every).toBe(3_600_000);
      expect(described.action).toMatchObject({ workflowType: 'scheduledCrawlRun', taskQueue: 'trawl-http' });
      // Fired now rather than in an hour: the run's due time is the trigger's.
      await handle.trigger();
      await expect
        .poll(async () => (await trawl.schedules.runs(schedule.id)).map((r) => r.status), {
          timeout: 30_000,
          interval: 500,
        })
        .toEqual(['started']);
      const [run] = await trawl.schedules.runs(schedule.id);
      const done = await trawl.crawls.waitForCompletion(run!.crawlId!, { pollIntervalMs: 200 });
      expect(done).toMatchObject({ status: 'succeeded', numberOfResults: 1 });

      await trawl.schedules.delete(schedule.id);
      await expect(handle.describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
    }, 90_000);
  },
);
