import type { ExtractSummary } from '../extraction/summary.js';
import type { CrawlJob, CrawlLogEntry, CrawlStatus } from '../ports.js';

/** What fetching a batch reports to the loop; the pages themselves stay with the driver (memory or database). */
export interface FetchSummary {
  /** URLs the batch claimed; 0 means the frontier had nothing pending. */
  claimed: number;
  /** Set when the batch held the start page and it could not be crawled: the reason, as log lines. */
  startPageFailure: CrawlLogEntry[] | null;
}

export interface StoreSummary {
  numberOfResults: number;
  /** False once the crawl left `running` (aborted by a user): the loop stops. */
  stillRunning: boolean;
}

/**
 * The steps of a crawl, as the loop sees them. The in-process runner implements them with plain calls;
 * the Temporal workflow with activities. Fetching (claim, fetch, extract) and storing (deduplicate,
 * commit) are separate steps so a driver can run them as separate, retryable units.
 */
export interface CrawlSteps {
  load(crawlId: string): Promise<CrawlJob | null>;
  /** Sitemap crawls: adds the sitemaps' URLs to the frontier. Returns false if the crawl stopped running. */
  seedSitemap(job: CrawlJob): Promise<boolean>;
  fetchBatch(job: CrawlJob, batchId: string, limit: number): Promise<FetchSummary>;
  /**
   * Applies the crawl's extraction instruction to a fetched batch (crawls with one, when the loop's
   * `extract` option is on): pages that do not match are dropped before storing.
   */
  extractBatch?(job: CrawlJob, batchId: string): Promise<ExtractSummary>;
  storeBatch(job: CrawlJob, batchId: string): Promise<StoreSummary>;
  /** Moves the crawl to a final status with closing log lines; false if it had already left `running`. */
  finish(crawlId: string, status: Exclude<CrawlStatus, 'running'>, logs: CrawlLogEntry[]): Promise<boolean>;
}
