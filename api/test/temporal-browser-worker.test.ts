import { execFileSync } from 'node:child_process';
import { mountDocsSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createCrawlEngine, type CrawlEngine, type FetchSummary, type StoreSummary } from '@trawl/workflows';
import { createActivities, type CrawlActivities, type CrawlJobPayload } from '@trawl/workflows/temporal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCrawlStore } from '../src/crawls/store.js';
import { startTestServer, type TestServer } from './harness.js';

// A browser worker as production has it: its own engine and Chromium, running the fetches of Playwright
// crawls, while the crawls' other steps (their release at the end included) run on an HTTP worker with
// an engine of its own. Real Chromium, real fixture site, the server's database.
let server: TestServer;
let site: FixtureServer;
let external: FixtureServer;
let trawl: TrawlClient;
let browserEngine: CrawlEngine;
let httpEngine: CrawlEngine;
let onBrowserWorker: CrawlActivities;
let onHttpWorker: CrawlActivities;

beforeAll(async () => {
  [server, site, external] = await Promise.all([
    startTestServer(),
    startFixtureServer(),
    startFixtureServer({ host: '127.0.0.2' }),
  ]);
  mountDocsSite(site, external);
  site.route('/slow-render', {
    delayMs: 2_000,
    body: '<html><head><title>Slow</title></head><body><main><h1>Slow</h1><p>Rendered at last, after a while.</p></main></body></html>',
  });
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  const store = createCrawlStore(server.server.deps.db);
  const engineOptions = { http: { allowPrivateNetworks: true }, parseWorkers: 0, idleCrawlMs: 300 };
  browserEngine = createCrawlEngine(engineOptions);
  httpEngine = createCrawlEngine(engineOptions);
  onBrowserWorker = createActivities({ store, engine: browserEngine });
  onHttpWorker = createActivities({ store, engine: httpEngine });
});
afterAll(async () => {
  await Promise.all([browserEngine?.close(), httpEngine?.close()]);
  await Promise.all([server?.close(), site?.close(), external?.close()]);
});

/** A Playwright crawl the server knows but does not drive, as it is when workers drive it. */
async function idleCrawl(startPath: string, maxResults = 4): Promise<CrawlJobPayload> {
  const crawl = await trawl.crawls.start({
    startUrl: `${site.origin}${startPath}`,
    maxResults,
    engineType: 'playwright',
  });
  await server.runner.abort(crawl.id);
  await server.runner.settled(crawl.id);
  await createCrawlStore(server.server.deps.db).releaseClaims(crawl.id);
  const job: CrawlJobPayload | null = await new MockActivityEnvironment().run(
    onHttpWorker.loadCrawl,
    crawl.id,
  );
  if (!job) throw new Error('The crawl just started is gone');
  return job;
}

/** The main Chromium process this test process launched (a direct child), if one runs. */
function ourChromium(): number | null {
  try {
    const pids = execFileSync('pgrep', ['-P', String(process.pid), '-x', 'chromium'], { encoding: 'utf8' });
    return Number(pids.trim().split('\n')[0]) || null;
  } catch {
    return null; // pgrep exits 1 when nothing matches
  }
}

describe('a browser worker', () => {
  it('closes every crawl’s browser context when its fetches end, though each crawl is released elsewhere', async () => {
    const jobs = await Promise.all([...Array(6).keys()].map(() => idleCrawl('/', 4)));
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, browserEngine.stats().browserContexts)), 20);
    try {
      // Each crawl: two batches, one after the other, fetched here and stored on the HTTP worker.
      await Promise.all(
        jobs.map(async (job) => {
          for (const n of [0, 1]) {
            const batchId = `${job.id}/w/${n}`;
            const env = new MockActivityEnvironment();
            await env.run(onBrowserWorker.fetchAndExtract, { job, batchId, limit: 2 });
            await env.run(onHttpWorker.deduplicateAndStore, { job, batchId });
          }
          await new MockActivityEnvironment().run(onHttpWorker.releaseCrawl, job.id);
        }),
      );
    } finally {
      clearInterval(watch);
    }
    expect(peak).toBeGreaterThan(1);
    // The start page, then two of the pages it links to.
    for (const job of jobs) expect((await trawl.crawls.get(job.id)).numberOfResults).toBe(3);
    // releaseCrawl ran on the other worker; this one freed its contexts as each fetch ended...
    expect(browserEngine.stats().browserContexts).toBe(0);
    // ...and forgets the crawls once they have been idle a while (300 ms here, 10 minutes by default).
    await expect.poll(() => browserEngine.stats().crawlsInMemory, { timeout: 5_000 }).toBe(0);
  }, 120_000);

  it('relaunches Chromium after it is killed, between fetches and in the middle of one', async () => {
    const job = await idleCrawl('/', 3);
    const env = new MockActivityEnvironment();
    await env.run(onBrowserWorker.fetchAndExtract, { job, batchId: `${job.id}/k/0`, limit: 1 });
    await env.run(onHttpWorker.deduplicateAndStore, { job, batchId: `${job.id}/k/0` });
    const first = ourChromium();
    expect(first).not.toBeNull();

    process.kill(first!, 'SIGKILL');
    await expect.poll(() => ourChromium() !== first, { timeout: 5_000 }).toBe(true);
    const summary: FetchSummary = await env.run(onBrowserWorker.fetchAndExtract, {
      job,
      batchId: `${job.id}/k/1`,
      limit: 1,
    });
    expect(summary.claimed).toBe(1);
    const second = ourChromium();
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    const stored: StoreSummary = await env.run(onHttpWorker.deduplicateAndStore, {
      job,
      batchId: `${job.id}/k/1`,
    });
    expect(stored.numberOfResults).toBe(2);

    // Killed while a page renders: that page is rendered again on a new Chromium, not lost.
    const slow = await idleCrawl('/slow-render', 1);
    const pending = env.run(onBrowserWorker.fetchAndExtract, {
      job: slow,
      batchId: `${slow.id}/k/0`,
      limit: 1,
    });
    await expect.poll(() => site.hits('/slow-render'), { timeout: 10_000 }).toBeGreaterThan(0);
    process.kill(second!, 'SIGKILL');
    expect(await pending).toEqual({ claimed: 1, startPageFailure: null });
    expect(site.hits('/slow-render')).toBe(2);
    const third = ourChromium();
    expect(third).not.toBeNull();
    expect(third).not.toBe(second);
    expect(await env.run(onHttpWorker.deduplicateAndStore, { job: slow, batchId: `${slow.id}/k/0` })).toEqual(
      {
        numberOfResults: 1,
        stillRunning: true,
      },
    );
    expect(browserEngine.stats().browserContexts).toBe(0);
  }, 120_000);
});
