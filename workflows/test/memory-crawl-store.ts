// The crawl store port in memory, for unit tests of the crawl loop: the same rules as the API's database
// store (claims shallowest first in discovery order, a retried batch gets its own claim back, only pages
// the batch still holds are committed, results past the cap are dropped, a crawl finishes once), with
// what the tests need to look at kept in plain arrays.
import { DEFAULT_CRAWL_SETTINGS, type CrawlSettings } from '../src/crawler/settings.js';
import { urlKey } from '../src/crawler/url.js';
import type {
  CrawlJob,
  CrawlLogEntry,
  CrawlStatus,
  CrawlStore,
  FrontierEntry,
  PageResult,
  StagedBatch,
} from '../src/ports.js';

interface FrontierRow extends FrontierEntry {
  seq: number;
  state: 'pending' | 'claimed' | 'done';
  claimToken: string | null;
}

export interface MemoryCrawl {
  job: CrawlJob;
  results: PageResult[];
  logs: CrawlLogEntry[];
  frontier: Map<string, FrontierRow>;
}

export interface MemoryCrawlStore extends CrawlStore {
  /** Creates a running crawl with its start URL in the frontier, as `POST /crawls` does. */
  addCrawl(
    id: string,
    settings: Partial<CrawlSettings> & { startUrl: string },
    createdAt?: Date,
  ): MemoryCrawl;
  crawl(id: string): MemoryCrawl;
  /** Every claim asked for, in order: the loop's batch id, the limit it asked for, and the URLs it got. */
  claims: Array<{ batchId: string; limit: number; urls: string[] }>;
  /** Results a commit dropped because the crawl had reached its cap. */
  droppedResults: number;
}

export function createMemoryCrawlStore(): MemoryCrawlStore {
  const crawls = new Map<string, MemoryCrawl>();
  const staged = new Map<string, StagedBatch>();
  let seq = 0;

  const crawlOf = (id: string): MemoryCrawl => {
    const crawl = crawls.get(id);
    if (!crawl) throw new Error(`No crawl ${id} in the memory store`);
    return crawl;
  };
  const enqueue = (crawl: MemoryCrawl, entry: FrontierEntry): void => {
    const key = urlKey(entry.url);
    if (!crawl.frontier.has(key))
      crawl.frontier.set(key, { ...entry, seq: seq++, state: 'pending', claimToken: null });
  };

  const store: MemoryCrawlStore = {
    claims: [],
    droppedResults: 0,

    addCrawl(id, settings, createdAt = new Date()) {
      const crawl: MemoryCrawl = {
        job: {
          id,
          status: 'running',
          settings: { ...DEFAULT_CRAWL_SETTINGS, ...settings },
          createdAt,
          numberOfResults: 0,
        },
        results: [],
        logs: [],
        frontier: new Map(),
      };
      crawls.set(id, crawl);
      enqueue(crawl, { url: settings.startUrl, depth: 0 });
      return crawl;
    },

    crawl: crawlOf,

    async loadCrawl(crawlId) {
      const crawl = crawls.get(crawlId);
      return crawl ? structuredClone(crawl.job) : null;
    },

    async claimBatch(crawlId, batchId, limit) {
      const rows = [...crawlOf(crawlId).frontier.values()];
      let claimed = rows.filter((r) => r.state === 'claimed' && r.claimToken === batchId);
      if (claimed.length === 0) {
        claimed = rows
          .filter((r) => r.state === 'pending')
          .sort((a, b) => a.depth - b.depth || a.seq - b.seq)
          .slice(0, limit);
        for (const row of claimed) Object.assign(row, { state: 'claimed', claimToken: batchId });
      }
      const entries = claimed.map(({ url, depth }) => ({ url, depth }));
      store.claims.push({ batchId, limit, urls: entries.map((e) => e.url) });
      return entries;
    },

    async commitBatch(crawlId, batchId, commit) {
      const crawl = crawlOf(crawlId);
      if (crawl.job.status !== 'running')
        return { numberOfResults: crawl.job.numberOfResults, stillRunning: false };
      staged.delete(batchId);
      const pages = commit.pages.filter((p) => {
        const row = crawl.frontier.get(urlKey(p.entry.url));
        if (row?.state !== 'claimed' || row.claimToken !== batchId) return false;
        row.state = 'done';
        return true;
      });
      crawl.logs.push(...(commit.logs ?? []), ...pages.flatMap((p) => p.logs));
      for (const result of pages.flatMap((p) => (p.result ? [p.result] : []))) {
        if (crawl.results.length < commit.resultCap) crawl.results.push(result);
        else store.droppedResults++;
      }
      for (const entry of [...(commit.discovered ?? []), ...pages.flatMap((p) => p.discovered)])
        enqueue(crawl, entry);
      crawl.job.numberOfResults = crawl.results.length;
      return { numberOfResults: crawl.results.length, stillRunning: true };
    },

    async stageBatch(crawlId, batchId, batch) {
      // Only while the crawl runs, as the database store does.
      if (crawls.get(crawlId)?.job.status === 'running') staged.set(batchId, structuredClone(batch));
    },

    async loadStagedBatch(batchId) {
      return staged.get(batchId) ?? null;
    },

    async finishCrawl(crawlId, status: Exclude<CrawlStatus, 'running'>, logs) {
      const crawl = crawlOf(crawlId);
      if (crawl.job.status !== 'running') return false;
      crawl.job.status = status;
      crawl.logs.push(...logs);
      crawl.frontier.clear();
      return true;
    },

    async releaseClaims(crawlId) {
      for (const row of crawlOf(crawlId).frontier.values())
        if (row.state === 'claimed') Object.assign(row, { state: 'pending', claimToken: null });
    },

    async listRunningCrawls() {
      return [...crawls.values()].filter((c) => c.job.status === 'running').map((c) => c.job.id);
    },
  };
  return store;
}
