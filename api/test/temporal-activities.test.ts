import { mountDocsSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { CancelledFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import type { FetchSummary } from '@trawl/workflows';
import { createActivities, type CrawlActivities, type CrawlJobPayload } from '@trawl/workflows/temporal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/crawls/orchestrator.js';
import { createCrawlStore } from '../src/crawls/store.js';
import { createLogger } from '../src/logger.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let site: FixtureServer;
let external: FixtureServer;
let trawl: TrawlClient;
let activities: CrawlActivities;
let engine: ReturnType<typeof createEngine>;

beforeAll(async () => {
  [server, site, external] = await Promise.all([
    startTestServer(),
    startFixtureServer(),
    startFixtureServer({ host: '127.0.0.2' }),
  ]);
  mountDocsSite(site, external);
  site.route('/slow', { delayMs: 10_000, body: '<html><body><main>slow</main></body></html>' });
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  // Activities as a worker runs them: the server's own database, an engine of their own.
  engine = createEngine(server.server.deps.config, createLogger('error'));
  activities = createActivities({
    store: createCrawlStore(server.server.deps.db),
    engine,
    heartbeatEveryMs: 20,
  });
});
afterAll(async () => {
  await engine?.close();
  await Promise.all([server?.close(), site?.close(), external?.close()]);
});

/** A crawl the server knows but does not drive, as it would be when workers drive it. */
async function idleCrawl(settings: Parameters<TrawlClient['crawls']['start']>[0]): Promise<CrawlJobPayload> {
  const crawl = await trawl.crawls.start(settings);
  const orchestrator = server.runner;
  await orchestrator.abort(crawl.id);
  await orchestrator.settled(crawl.id);
  // What the stopped loop had claimed goes back to the frontier, as on recovery.
  await createCrawlStore(server.server.deps.db).releaseClaims(crawl.id);
  const job: CrawlJobPayload | null = await new MockActivityEnvironment().run(activities.loadCrawl, crawl.id);
  if (!job) throw new Error('The crawl just started is gone');
  return job;
}

describe('crawl activities', () => {
  it('fetch, then deduplicate and store: each retryable on its own, storing every page once', async () => {
    const job = await idleCrawl({ startUrl: `${site.origin}/`, maxResults: 3, engineType: 'cheerio' });
    const env = new MockActivityEnvironment();
    let heartbeats = 0;
    env.on('heartbeat', () => heartbeats++);
    const batchId = `${job.id}/test/0`;

    const first = await env.run(activities.fetchAndExtract, { job, batchId, limit: 3 });
    expect(first).toEqual({ claimed: 1, startPageFailure: null });
    expect(heartbeats).toBeGreaterThan(0);
    // A retry of the same batch (its answer lost) finds it staged and reports it without fetching again.
    const fetched = site.hits('/');
    expect(await env.run(activities.fetchAndExtract, { job, batchId, limit: 3 })).toEqual(first);
    expect(site.hits('/')).toBe(fetched);

    const stored = await env.run(activities.deduplicateAndStore, { job, batchId });
    expect(stored).toEqual({ numberOfResults: 1, stillRunning: true });
    // A retry after the commit finds nothing staged and reports where the crawl stands.
    expect(await env.run(activities.deduplicateAndStore, { job, batchId })).toEqual(stored);
    expect((await trawl.crawls.get(job.id)).numberOfResults).toBe(1);

    const next: FetchSummary = await env.run(activities.fetchAndExtract, {
      job,
      batchId: `${job.id}/test/1`,
      limit: 2,
    });
    expect(next.claimed).toBe(2);
    await env.run(activities.deduplicateAndStore, { job, batchId: `${job.id}/test/1` });
    expect(
      await env.run(activities.finishCrawl, { crawlId: job.id, status: 'succeeded' as const, logs: [] }),
    ).toBe(true);
    const results = await trawl.crawls.resultsPage(job.id);
    expect(results.totalResults).toBe(3);
    expect(new Set(results.results.map((r) => r.url)).size).toBe(3);
  });

  it('reports a start page that cannot be fetched', async () => {
    const job = await idleCrawl({ startUrl: `${site.origin}/missing`, engineType: 'cheerio' });
    const summary: FetchSummary = await new MockActivityEnvironment().run(activities.fetchAndExtract, {
      job,
      batchId: `${job.id}/t/0`,
      limit: 5,
    });
    expect(summary.claimed).toBe(1);
    expect(summary.startPageFailure?.[0]).toMatchObject({ level: 'warn', description: 'HTTP 404 (Cheerio)' });
  });

  it('stops a fetch promptly when the activity is cancelled, staging nothing', async () => {
    const job = await idleCrawl({ startUrl: `${site.origin}/slow`, engineType: 'cheerio' });
    const env = new MockActivityEnvironment();
    const batchId = `${job.id}/t/0`;
    const started = Date.now();
    const running = env.run(activities.fetchAndExtract, { job, batchId, limit: 1 });
    setTimeout(() => env.cancel(), 200);
    await expect(running).rejects.toBeInstanceOf(CancelledFailure);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await env.run(activities.deduplicateAndStore, { job, batchId })).toEqual({
      numberOfResults: 0,
      stillRunning: true,
    });
  });

  it('ends a crawl timed_out, keeping its results, and releases it', async () => {
    const job = await idleCrawl({ startUrl: `${site.origin}/about`, engineType: 'cheerio' });
    const env = new MockActivityEnvironment();
    expect(await env.run(activities.finishTimedOut, job)).toBe(true);
    // Retried after its answer was lost: the crawl is timed_out, as asked.
    expect(await env.run(activities.finishTimedOut, job)).toBe(true);
    // A crawl another path ended otherwise is not reported as ended by this step.
    expect(
      await env.run(activities.finishCrawl, { crawlId: job.id, status: 'aborted' as const, logs: [] }),
    ).toBe(false);
    await env.run(activities.releaseCrawl, job.id);
    expect((await trawl.crawls.get(job.id)).status).toBe('timed_out');
  });
});
