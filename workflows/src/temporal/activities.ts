import { ApplicationFailure, CancelledFailure, Context } from '@temporalio/activity';
import type { CrawlEngine } from '../crawler/engine.js';
import type { CrawlLogEntry, CrawlStatus, CrawlStore } from '../ports.js';
import {
  fetchBatchPages,
  finishTimedOut,
  seedFromSitemap,
  storeBatchPages,
  summarizeBatch,
  type Schedule,
} from '../runner/batch.js';
import type { FetchSummary, StoreSummary } from '../runner/crawl-steps.js';
import { extractBatchPages, type ExtractDeps, type ExtractSummary } from '../extraction/step.js';
import { createRelevanceExtractor } from '../extraction/relevance.js';
import { fromJobPayload, toJobPayload, type CrawlJobPayload } from './shared.js';

export interface ActivityDeps {
  store: CrawlStore;
  engine: CrawlEngine;
  /**
   * Pages processed at once across every activity of this worker, first come first served: the same cap
   * the in-process runner has (`TRAWL_CRAWL_CONCURRENCY`). Unset, a batch's pages all run at once.
   */
  schedule?: Schedule;
  /**
   * Heartbeats are sent at least this often while a fetch works. The worker forwards them to Temporal at
   * most once per `maxHeartbeatThrottleInterval`, and a cancellation arrives with the answer. @default 1000
   */
  heartbeatEveryMs?: number;
  /** AI extraction: the extractors this worker has. @default the offline relevance extractor only */
  extraction?: Omit<ExtractDeps, 'store' | 'onPage'>;
}

/**
 * The crawl's activities: thin wrappers around the same batch steps the in-process runner uses. A
 * fetched batch is staged in the database between fetch and store, so no page body goes through
 * workflow history, and either activity can be retried on its own.
 */
export function createActivities(deps: ActivityDeps) {
  const { store, engine, schedule } = deps;
  const relevance = createRelevanceExtractor();
  const extraction: Omit<ExtractDeps, 'onPage'> = {
    extractorFor: (method) => (method === 'relevance' ? relevance : null),
    ...deps.extraction,
    store,
  };

  /**
   * Runs a crawl's `work` with the activity's cancellation signal, heartbeating while it runs, and holding
   * the crawl on this worker's engine: its browser context lives while some activity of it runs here.
   */
  const withHeartbeat = async <T>(
    crawlId: string,
    work: (signal: AbortSignal, beat: () => void) => Promise<T>,
  ): Promise<T> => {
    const ctx = Context.current();
    const beat = (): void => ctx.heartbeat();
    const timer = setInterval(beat, deps.heartbeatEveryMs ?? 1000);
    const release = engine.holdCrawl(crawlId);
    try {
      return await work(ctx.cancellationSignal, beat);
    } finally {
      clearInterval(timer);
      await release();
    }
  };

  /**
   * Whether the crawl already holds `status`: a finishing step retried after its answer was lost finds the
   * crawl ended by its first attempt, and says it did what was asked.
   */
  const endedAs = async (crawlId: string, status: CrawlStatus): Promise<boolean> =>
    (await store.loadCrawl(crawlId))?.status === status;

  return {
    async loadCrawl(crawlId: string): Promise<CrawlJobPayload | null> {
      const job = await store.loadCrawl(crawlId);
      return job ? toJobPayload(job) : null;
    },

    /** Sitemap crawls: puts the sitemaps' URLs in the frontier. */
    seedSitemap(job: CrawlJobPayload): Promise<boolean> {
      return withHeartbeat(job.id, (signal) =>
        seedFromSitemap({ store, engine }, fromJobPayload(job), signal),
      );
    },

    /** The fetch and extract steps: claims a batch, fetches and parses its pages, and stages them. */
    fetchAndExtract(input: { job: CrawlJobPayload; batchId: string; limit: number }): Promise<FetchSummary> {
      return withHeartbeat(input.job.id, async (signal, beat) => {
        const job = fromJobPayload(input.job);
        // A retry whose earlier attempt staged the batch but lost its answer: the pages are fetched already.
        const staged = await store.loadStagedBatch(input.batchId);
        if (staged) return summarizeBatch(job, staged.pages);
        const { pages, summary } = await fetchBatchPages(
          { store, engine, schedule, onPage: beat },
          job,
          input.batchId,
          input.limit,
          signal,
        );
        // Cancelled as the last page came in: the workflow is cleaning up, so nothing more is written.
        if (signal.aborted) throw new CancelledFailure('Cancelled before staging the batch');
        await store.stageBatch(job.id, input.batchId, { pages });
        return summary;
      });
    },

    /**
     * The extract step: the crawl's instruction applied to the staged batch, which is staged again with
     * only what is to be stored. Answers already in the crawl's ledger are reused, never asked for again.
     */
    extractBatch(input: { job: CrawlJobPayload; batchId: string }): Promise<ExtractSummary> {
      return withHeartbeat(input.job.id, async (signal, beat) => {
        const job = fromJobPayload(input.job);
        const staged = await store.loadStagedBatch(input.batchId);
        // Stored already (an answer lost after the store step ran), or extracted by an earlier attempt.
        if (!staged) return { extracted: 0, failed: 0, error: null, failureLimit: Infinity };
        if (staged.extracted) return staged.extracted;
        const { pages, summary } = await extractBatchPages(
          { ...extraction, onPage: beat },
          job,
          staged.pages,
          signal,
        );
        if (signal.aborted) throw new CancelledFailure('Cancelled before staging the extracted batch');
        await store.stageBatch(job.id, input.batchId, { pages, extracted: summary });
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
        if (!current)
          throw ApplicationFailure.nonRetryable(`Crawl ${job.id} no longer exists`, 'CrawlNotFound');
        return { numberOfResults: current.numberOfResults, stillRunning: current.status === 'running' };
      }
      return storeBatchPages(store, job, input.batchId, staged.pages);
    },

    async finishCrawl(input: {
      crawlId: string;
      status: Exclude<CrawlStatus, 'running'>;
      logs: CrawlLogEntry[];
    }): Promise<boolean> {
      const ended = await store.finishCrawl(input.crawlId, input.status, input.logs);
      return ended || (await endedAs(input.crawlId, input.status));
    },

    /** The timeout step: ends the crawl `timed_out`, keeping its results. */
    async finishTimedOut(job: CrawlJobPayload): Promise<boolean> {
      return (await finishTimedOut(store, fromJobPayload(job))) || (await endedAs(job.id, 'timed_out'));
    },

    /**
     * Cleanup after abort or end: what this worker's engine remembers of the crawl. Other workers free
     * theirs by themselves (see `CrawlEngine.holdCrawl`).
     */
    async releaseCrawl(crawlId: string): Promise<void> {
      await engine.endCrawl(crawlId);
    },
  };
}

export type CrawlActivities = ReturnType<typeof createActivities>;
