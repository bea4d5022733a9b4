import type { CrawlEngine } from '../crawler/engine.js';
import { resultCap } from '../crawler/settings.js';
import type { CrawlJob, CrawlLogEntry, CrawlStore, PageOutcome } from '../ports.js';
import { plural } from './crawl-loop.js';
import type { FetchSummary, StoreSummary } from './crawl-steps.js';

// The work behind each crawl step, shared by the in-process runner and the Temporal activities, so the
// durable driver runs exactly what the tested embedded one runs.

export type Schedule = <T>(work: () => Promise<T>) => Promise<T>;

/** Claims a batch and fetches and extracts its pages (the fetch and extract steps). */
export async function fetchBatchPages(
  deps: { store: CrawlStore; engine: CrawlEngine; schedule?: Schedule; onPage?: () => void },
  job: CrawlJob,
  batchId: string,
  limit: number,
  signal: AbortSignal,
): Promise<{ pages: PageOutcome[]; summary: FetchSummary }> {
  const schedule = deps.schedule ?? ((work) => work());
  const entries = await deps.store.claimBatch(job.id, batchId, limit);
  const pages = await Promise.all(
    entries.map((entry) =>
      schedule(async () => {
        const outcome = await deps.engine.processPage(job, entry, signal);
        deps.onPage?.();
        return outcome;
      }),
    ),
  );
  return { pages, summary: summarizeBatch(job, pages) };
}

/** What the loop needs to know of a fetched batch: how many pages it held, and whether the start page failed. */
export function summarizeBatch(job: CrawlJob, pages: PageOutcome[]): FetchSummary {
  const start = pages.find((p) => p.entry.depth === 0 && p.entry.url === job.settings.startUrl);
  // A start page that gave neither a result nor a link to follow ends the crawl; one without content
  // whose links lead on does not.
  const failed = start && !start.result && start.discovered.length === 0;
  return { claimed: pages.length, startPageFailure: failed ? start.logs : null };
}

/** Deduplicates and commits a fetched batch (the deduplicate step), in one transaction. */
export function storeBatchPages(
  store: CrawlStore,
  job: CrawlJob,
  batchId: string,
  pages: PageOutcome[],
): Promise<StoreSummary> {
  return store.commitBatch(job.id, batchId, { pages, resultCap: resultCap(job.settings) });
}

/** Sitemap crawls: adds the URLs the site's sitemaps list to the frontier. */
export async function seedFromSitemap(
  deps: { store: CrawlStore; engine: CrawlEngine },
  job: CrawlJob,
  signal: AbortSignal,
): Promise<boolean> {
  const seeds = await deps.engine.discoverSitemap(job, signal);
  const outcome = await deps.store.commitBatch(job.id, `${job.id}/sitemap`, {
    pages: [],
    discovered: seeds.entries,
    logs: seeds.logs,
    resultCap: resultCap(job.settings),
  });
  return outcome.stillRunning;
}

/** Ends a crawl `timed_out`, keeping its results, with the log line that says so. */
export async function finishTimedOut(store: CrawlStore, job: CrawlJob): Promise<boolean> {
  const current = await store.loadCrawl(job.id);
  const log: CrawlLogEntry = {
    level: 'warn',
    message: 'Crawl timed out',
    description: `The timeout of ${plural(job.settings.timeout, 'minute')} was reached with ${plural(current?.numberOfResults ?? 0, 'result')}.`,
  };
  return store.finishCrawl(job.id, 'timed_out', [log]);
}
