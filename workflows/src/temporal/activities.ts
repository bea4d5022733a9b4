import { ApplicationFailure, Context } from '@temporalio/activity';
import type { CrawlEngine } from '../crawler/engine.js';
import type { CrawlLogEntry, CrawlStatus, CrawlStore } from '../ports.js';
import { fetchBatchPages, finishTimedOut, seedFromSitemap, storeBatchPages } from '../runner/batch.js';
import type { FetchSummary, StoreSummary } from '../runner/crawl-steps.js';
import { fromJobPayload, toJobPayload, type CrawlJobPayload } from './shared.js';

export interface ActivityDeps {
  store: CrawlStore;
  engine: CrawlEngine;
  /** Heartbeats are sent at least this often while an activity works, so cancellation arrives promptly. @default 1000 */
  heartbeatEveryMs?: number;
}

/**
 * The crawl's activities: thin wrappers around the same batch steps the in-process runner uses. A
 * fetched batch is staged in the database between fetch and store, so no page body goes through
 * workflow history, and either activity can be retried on its own.
 */
export function createActivities(deps: ActivityDeps) {
  const { store, engine } = deps;

  /** Runs `work` with the activity's cancellation signal, heartbeating while it runs. */
  const withHeartbeat = async <T>(work: (signal: AbortSignal, beat: () => void) => Promise<T>): Promise<T> => {
    const ctx = Context.current();
    const beat = (): void => ctx.heartbeat();
    const timer = setInterval(beat, deps.heartbeatEveryMs ?? 1000);
    try {
      return await work(ctx.cancellationSignal, beat);
    } finally {
      clearInterval(timer);
    }
  };

  return {
    async loadCrawl(crawlId: string): Promise<CrawlJobPayload | null> {
      const job = await store.loadCrawl(crawlId);
      return job ? toJobPayload(job) : null;
    },

    /** Sitemap crawls: puts the sitemaps' URLs in the frontier. */
    seedSitemap(job: CrawlJobPayload): Promise<boolean> {
      return withHeartbeat((signal) => seedFromSitemap({ store, engine }, fromJobPayload(job), signal));
    },

    /** The fetch and extract steps: claims a batch, fetches and parses its pages, and stages them. */
    fetchAndExtract(input: { job: CrawlJobPayload; batchId: string; limit: number }): Promise<FetchSummary> {
      return withHeartbeat(async (signal, beat) => {
        const job = fromJobPayload(input.job);
        const { pages, summary } = await fetchBatchPages({ store, engine, onPage: beat }, job, input.batchId, input.limit, signal);
        await store.stageBatch(job.id, input.batchId, { pages });
        return summary;
      });
    },

    /** The deduplicate step: removes repeated content and stores the staged batch in one transaction. */
    async deduplicateAndStore(input: { job: CrawlJobPayload; batchId: string }): Promise<StoreSummary> {
      const job = fromJobPayload(input.job);
      const staged = await store.loadStagedBatch(input.batchId);
      if (!staged) {
        // Already stored by an earlier attempt whose answer was lost: report where the crawl stands.
        const current = await store.loadCrawl(job.id);
        if (!current) throw ApplicationFailure.nonRetryable(`Crawl ${job.id} no longer exists`, 'CrawlNotFound');
        return { numberOfResults: current.numberOfResults, stillRunning: current.status === 'running' };
      }
      return storeBatchPages(store, job, input.batchId, staged.pages);
    },

    finishCrawl(input: { crawlId: string; status: Exclude<CrawlStatus, 'running'>; logs: CrawlLogEntry[] }): Promise<boolean> {
      return store.finishCrawl(input.crawlId, input.status, input.logs);
    },

    /** The timeout step: ends the crawl `timed_out`, keeping its results. */
    finishTimedOut(job: CrawlJobPayload): Promise<boolean> {
      return finishTimedOut(store, fromJobPayload(job));
    },

    /** Cleanup after abort or end: this worker's browser context and crawl memory. */
    async releaseCrawl(crawlId: string): Promise<void> {
      await engine.endCrawl(crawlId);
    },
  };
}

export type CrawlActivities = ReturnType<typeof createActivities>;
