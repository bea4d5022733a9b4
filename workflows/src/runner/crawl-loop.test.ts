// The crawl loop on its own: the steps the in-process runner builds (the shared batch functions) over an
// in-memory crawl store and an in-memory site, so each rule of the loop is checked without a database,
// a network or a driver around it. The engine and the stores have suites of their own.
import { describe, expect, it } from 'vitest';
import { createMemoryCrawlStore, type MemoryCrawlStore } from '../../test/memory-crawl-store.js';
import type { CrawlEngine } from '../crawler/engine.js';
import type { CrawlJob, FrontierEntry, PageOutcome } from '../ports.js';
import { fetchBatchPages, seedFromSitemap, storeBatchPages } from './batch.js';
import { runCrawlLoop, type CrawlLoopExit, type CrawlLoopOptions } from './crawl-loop.js';
import type { CrawlSteps } from './crawl-steps.js';

const ORIGIN = 'https://site.test';
const pathOf = (i: number): string => (i === 0 ? '/' : `/p/${i}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Site {
  /** Links of each page by path; a missing path is a page that fails (HTTP 500). */
  pages: Map<string, string[]>;
  sitemap?: string[];
}

/**
 * Page i links to the `fanOut` pages after it in a tree (3i+1 to 3i+3 by default), up to `count` pages;
 * the pages `failing` names answer HTTP 500.
 */
function treeSite(count: number, options: { fanOut?: number; failing?: (i: number) => boolean } = {}): Site {
  const { fanOut = 3, failing = () => false } = options;
  const pages = new Map<string, string[]>();
  for (let i = 0; i < count; i++) {
    if (failing(i)) continue;
    const children = Array.from({ length: fanOut }, (_, k) => fanOut * i + k + 1).filter((n) => n < count);
    pages.set(pathOf(i), children.map(pathOf));
  }
  return { pages };
}

/**
 * An engine over a site held in memory: each page answers after a few milliseconds (different per
 * page, so batches finish out of order), with its links one level deeper while depth allows.
 */
function siteEngine(site: Site): CrawlEngine {
  return {
    async processPage(job: CrawlJob, entry: FrontierEntry): Promise<PageOutcome> {
      const path = new URL(entry.url).pathname;
      await sleep((path.length * 7) % 5);
      const links = site.pages.get(path);
      if (!links)
        return {
          entry,
          result: null,
          discovered: [],
          logs: [{ level: 'warn', message: `Failed ${entry.url}`, description: 'HTTP 500' }],
        };
      const follow = job.settings.useSitemap || entry.depth >= job.settings.maxDepth ? [] : links;
      return {
        entry,
        result: {
          requestedUrl: entry.url,
          url: entry.url,
          title: path,
          markdown: `# ${path}`,
          duplicatesRemovedCount: 0,
        },
        discovered: follow.map((p) => ({ url: `${ORIGIN}${p}`, depth: entry.depth + 1 })),
        logs: [{ level: 'debug', message: `Fetched ${entry.url}` }],
      };
    },
    async discoverSitemap() {
      return { entries: (site.sitemap ?? []).map((p) => ({ url: `${ORIGIN}${p}`, depth: 0 })), logs: [] };
    },
    async endCrawl() {},
    holdCrawl: () => async () => undefined,
    stats: () => ({ crawlsInMemory: 0, browserContexts: 0 }),
    async close() {},
  };
}

interface StepActivity {
  fetching: number;
  storing: number;
  stores: number;
  /** Fetch steps that claimed pages, as [start, end] on a counter, to measure how many overlapped. */
  claimingFetches: Array<[number, number]>;
}

/** The steps as the in-process runner builds them; `beforeStore` runs before the nth store step. */
function createSteps(
  store: MemoryCrawlStore,
  site: Site,
  beforeStore: (n: number) => void | Promise<void> = () => undefined,
): { steps: CrawlSteps; activity: StepActivity } {
  const engine = siteEngine(site);
  const signal = new AbortController().signal;
  const staged = new Map<string, PageOutcome[]>();
  const activity: StepActivity = { fetching: 0, storing: 0, stores: 0, claimingFetches: [] };
  let tick = 0;
  const steps: CrawlSteps = {
    load: (crawlId) => store.loadCrawl(crawlId),
    seedSitemap: (job) => seedFromSitemap({ store, engine }, job, signal),
    async fetchBatch(job, batchId, limit) {
      activity.fetching++;
      const start = tick++;
      try {
        const { pages, summary } = await fetchBatchPages({ store, engine }, job, batchId, limit, signal);
        staged.set(batchId, pages);
        if (summary.claimed > 0) activity.claimingFetches.push([start, tick++]);
        return summary;
      } finally {
        activity.fetching--;
      }
    },
    async storeBatch(job, batchId) {
      activity.storing++;
      try {
        await beforeStore(++activity.stores);
        return await storeBatchPages(store, job, batchId, staged.get(batchId) ?? []);
      } finally {
        activity.storing--;
      }
    },
    finish: (crawlId, status, logs) => store.finishCrawl(crawlId, status, logs),
  };
  return { steps, activity };
}

/** The most fetch steps that held claimed pages at the same time. */
function mostOverlapping(intervals: Array<[number, number]>): number {
  const marks = intervals.flatMap(([start, end]) => [
    [start, 1],
    [end, -1],
  ]);
  marks.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let open = 0;
  let most = 0;
  for (const [, delta] of marks) most = Math.max(most, (open += delta!));
  return most;
}

const loopOptions = (overrides: Partial<CrawlLoopOptions> = {}): CrawlLoopOptions => ({
  now: Date.now,
  batchIdPrefix: 'crawl/run/',
  batchSize: 4,
  lanes: 3,
  ...overrides,
});

describe('runCrawlLoop', () => {
  it('stores exactly max results with three lanes, fetching no page it could not keep', async () => {
    const store = createMemoryCrawlStore();
    // A wide site, so every batch can claim all it asks for; every fourth page fails, so batches bring
    // back fewer results than they claimed.
    store.addCrawl('crawl', { startUrl: `${ORIGIN}/`, maxResults: 25, maxDepth: 10 });
    const { steps, activity } = createSteps(
      store,
      treeSite(300, { fanOut: 10, failing: (i) => i % 4 === 3 }),
    );

    const exit = await runCrawlLoop('crawl', steps, loopOptions());

    expect(exit).toEqual({ exit: 'finished', status: 'succeeded' });
    const crawl = store.crawl('crawl');
    expect(crawl.job.status).toBe('succeeded');
    expect(crawl.results).toHaveLength(25);
    expect(store.droppedResults).toBe(0);
    // Every page claimed was stored or failed: none was fetched and thrown away past the limit.
    const claimed = store.claims.flatMap((c) => c.urls);
    const failed = crawl.logs.filter((l) => l.message.startsWith('Failed ')).length;
    expect(claimed).toHaveLength(25 + failed);
    expect(failed).toBeGreaterThan(0);
    // Batches ask for at most batchSize pages, and fewer as the limit nears: never for nothing.
    const limits = store.claims.map((c) => c.limit);
    expect(Math.max(...limits)).toBe(4);
    expect(Math.min(...limits)).toBeGreaterThan(0);
    expect(mostOverlapping(activity.claimingFetches)).toBe(3);
    expect(crawl.logs.at(-1)).toEqual({
      level: 'info',
      message: 'Crawl finished',
      description: 'Reached the limit of 25 results.',
    });
  });

  it('finishes when the frontier runs dry before max results', async () => {
    const store = createMemoryCrawlStore();
    store.addCrawl('crawl', { startUrl: `${ORIGIN}/`, maxResults: 50, maxDepth: 10 });
    const { steps, activity } = createSteps(store, treeSite(7));

    expect(await runCrawlLoop('crawl', steps, loopOptions())).toEqual({
      exit: 'finished',
      status: 'succeeded',
    });
    expect(
      store
        .crawl('crawl')
        .results.map((r) => r.title)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4, 5, 6].map(pathOf).sort());
    expect(store.crawl('crawl').logs.at(-1)?.description).toBe('No more pages to crawl; 7 results stored.');
    expect(activity).toMatchObject({ fetching: 0, storing: 0 });
  });

  it('stops, after the batches in flight settle, once the crawl is aborted elsewhere', async () => {
    const store = createMemoryCrawlStore();
    store.addCrawl('crawl', { startUrl: `${ORIGIN}/`, maxResults: 100, maxDepth: 10 });
    // A user aborts the crawl while its third batch is being stored.
    const { steps, activity } = createSteps(store, treeSite(300), async (n) => {
      if (n === 3) await store.finishCrawl('crawl', 'aborted', [{ level: 'warn', message: 'Crawl aborted' }]);
    });

    expect(await runCrawlLoop('crawl', steps, loopOptions())).toEqual({ exit: 'stopped' });
    expect(activity).toMatchObject({ fetching: 0, storing: 0 });
    const crawl = store.crawl('crawl');
    expect(crawl.job.status).toBe('aborted');
    expect(crawl.results.length).toBeLessThan(100);
    // The loop wrote no closing line of its own: the abort's is the last.
    expect(crawl.logs.at(-1)?.message).toBe('Crawl aborted');
  });

  it('does nothing for a crawl that is no longer running', async () => {
    const store = createMemoryCrawlStore();
    store.addCrawl('crawl', { startUrl: `${ORIGIN}/` });
    await store.finishCrawl('crawl', 'aborted', []);
    const { steps } = createSteps(store, treeSite(10));

    expect(await runCrawlLoop('crawl', steps, loopOptions())).toEqual({ exit: 'stopped' });
    expect(await runCrawlLoop('unknown', steps, loopOptions())).toEqual({ exit: 'stopped' });
    expect(store.claims).toEqual([]);
  });

  it('returns at the deadline, once the batches in flight settle, leaving the ending to the driver', async () => {
    const store = createMemoryCrawlStore();
    store.addCrawl(
      'crawl',
      { startUrl: `${ORIGIN}/`, maxResults: 100, maxDepth: 10, timeout: 1 },
      new Date(0),
    );
    let clock = 0;
    // The clock passes the one-minute timeout while the second batch is being stored.
    const { steps, activity } = createSteps(store, treeSite(300), (n) => {
      if (n === 2) clock = 60_000;
    });

    const exit = await runCrawlLoop('crawl', steps, loopOptions({ now: () => clock }));

    expect(exit).toEqual({ exit: 'deadline' });
    expect(activity).toMatchObject({ fetching: 0, storing: 0 });
    const crawl = store.crawl('crawl');
    expect(crawl.job.status).toBe('running');
    expect(crawl.results.length).toBeGreaterThan(0);
    expect(crawl.results.length).toBeLessThan(100);
  });

  it('continues as new after maxBatches, each run picking up where the last stopped', async () => {
    const store = createMemoryCrawlStore();
    store.addCrawl('crawl', { startUrl: `${ORIGIN}/`, maxResults: 30, maxDepth: 10 });
    const { steps } = createSteps(store, treeSite(300));

    const exits: CrawlLoopExit[] = [];
    for (let firstBatch = 0; exits.at(-1)?.exit !== 'finished';) {
      const exit = await runCrawlLoop('crawl', steps, loopOptions({ firstBatch, maxBatches: 3 }));
      exits.push(exit);
      if (exit.exit === 'continue') {
        // Only a crawl with work left continues; the run that reaches the limit finishes it.
        expect(store.crawl('crawl').results.length).toBeLessThan(30);
        expect(exit.nextBatch).toBe(firstBatch + 3);
        firstBatch = exit.nextBatch;
      } else expect(exit).toEqual({ exit: 'finished', status: 'succeeded' });
    }

    expect(exits.length).toBeGreaterThan(2);
    expect(store.crawl('crawl').results).toHaveLength(30);
    expect(store.droppedResults).toBe(0);
    const batchIds = store.claims.map((c) => c.batchId);
    expect(new Set(batchIds).size).toBe(batchIds.length);
    expect(batchIds.slice(0, 4)).toEqual(['crawl/run/0', 'crawl/run/1', 'crawl/run/2', 'crawl/run/3']);
  });

  it("finishes, rather than continues, when a run's last batch reaches max results", async () => {
    const store = createMemoryCrawlStore();
    store.addCrawl('crawl', { startUrl: `${ORIGIN}/`, maxResults: 1 });
    const { steps } = createSteps(store, treeSite(100));

    // The run's one batch takes the start page, the one result wanted: the crawl is done, not continued.
    const exit = await runCrawlLoop('crawl', steps, loopOptions({ maxBatches: 1 }));

    expect(store.claims).toEqual([{ batchId: 'crawl/run/0', limit: 1, urls: [`${ORIGIN}/`] }]);
    expect(exit).toEqual({ exit: 'finished', status: 'succeeded' });
    expect(store.crawl('crawl').results).toHaveLength(1);
  });

  it('rethrows a failing step once the other batches in flight have settled', async () => {
    const store = createMemoryCrawlStore();
    store.addCrawl('crawl', { startUrl: `${ORIGIN}/`, maxResults: 100, maxDepth: 10 });
    const { steps, activity } = createSteps(store, treeSite(300), (n) => {
      if (n === 3) throw new Error('The database is unreachable');
    });

    await expect(runCrawlLoop('crawl', steps, loopOptions())).rejects.toThrow('The database is unreachable');
    expect(activity).toMatchObject({ fetching: 0, storing: 0 });
    // What the failure means (retry, or end the crawl `error`) is the driver's call, not the loop's.
    expect(store.crawl('crawl').job.status).toBe('running');
  });

  it('fails the crawl, saying why, when the start page cannot be crawled', async () => {
    const store = createMemoryCrawlStore();
    store.addCrawl('crawl', { startUrl: `${ORIGIN}/`, maxResults: 10 });
    const { steps } = createSteps(store, treeSite(10, { failing: (i) => i === 0 }));

    expect(await runCrawlLoop('crawl', steps, loopOptions())).toEqual({ exit: 'finished', status: 'failed' });
    const crawl = store.crawl('crawl');
    expect(crawl.results).toEqual([]);
    expect(crawl.logs.at(-1)).toEqual({
      level: 'error',
      message: 'Crawl failed',
      description: 'The start URL could not be crawled: HTTP 500',
    });
  });

  it('seeds a sitemap crawl from its sitemap first, then crawls the listed pages only', async () => {
    const store = createMemoryCrawlStore();
    store.addCrawl('crawl', { startUrl: `${ORIGIN}/`, useSitemap: true });
    const site = treeSite(50);
    site.sitemap = ['/p/20', '/p/30', '/p/40'];
    const { steps } = createSteps(store, site);

    expect(await runCrawlLoop('crawl', steps, loopOptions())).toEqual({
      exit: 'finished',
      status: 'succeeded',
    });
    expect(store.crawl('crawl').results.map((r) => r.title)).toEqual(['/', '/p/20', '/p/30', '/p/40']);
    // A driver resuming a sitemap crawl (its frontier seeded already) skips the seeding.
    store.addCrawl('resumed', { startUrl: `${ORIGIN}/`, useSitemap: true });
    expect(await runCrawlLoop('resumed', steps, loopOptions({ seedSitemap: false }))).toEqual({
      exit: 'finished',
      status: 'succeeded',
    });
    expect(store.crawl('resumed').results.map((r) => r.title)).toEqual(['/']);
  });
});
