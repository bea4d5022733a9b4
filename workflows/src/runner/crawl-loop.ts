import { resultCap } from '../crawler/settings.js';
import type { CrawlLogEntry, CrawlStatus } from '../ports.js';
import { extractionFailureLog, type ExtractSummary } from '../extraction/summary.js';
import type { CrawlSteps, FetchSummary, StoreSummary } from './crawl-steps.js';

// This module runs inside Temporal's workflow sandbox as well as in plain Node: it must stay
// deterministic. No I/O, no timers, no Node APIs; time comes from `now`, everything else from `steps`.
//
// It is also replayed: a Temporal worker re-runs it against the history of every crawl in flight when a
// new version deploys. A change to which steps it calls, in what order, or what it decides from their
// results would make those crawls fail replay. So such a change is an option here, off by default, that
// the in-process runner turns on and the workflow turns on only behind `patched()` (PATCHES in
// ../temporal/workflows.ts), with a replay test of a history recorded before it
// (test/temporal/histories). The loop's shape (batch size, lanes, batches per run) is workflow input,
// fixed when a crawl starts.

export interface CrawlLoopOptions {
  /** Pages claimed and committed together. @default 8 */
  batchSize?: number;
  /** Batches of the crawl in flight at once, so fetching, parsing and committing overlap. @default 3 */
  lanes?: number;
  /** The clock: Date.now, or the workflow's deterministic clock. */
  now: () => number;
  /** Batch ids are `${batchIdPrefix}${n}`; they must be unique for the crawl across restarts. */
  batchIdPrefix: string;
  /** The first n. @default 0 */
  firstBatch?: number;
  /** After this many batches, stop launching and return `continue` once nothing is in flight (continue-as-new). */
  maxBatches?: number;
  /** Seed the frontier from sitemaps before crawling (sitemap crawls, on their first run). @default true */
  seedSitemap?: boolean;
  /**
   * Run the extract step between fetching and storing, for crawls with an extraction instruction (the
   * in-process runner; the workflow since the `ai-extraction-step` patch). @default false
   */
  extract?: boolean;
}

export type CrawlLoopExit =
  | { exit: 'finished'; status: Exclude<CrawlStatus, 'running'> }
  /** The crawl left `running` elsewhere (aborted), or was never running. */
  | { exit: 'stopped' }
  /** The deadline passed between batches: the driver ends the crawl `timed_out`. */
  | { exit: 'deadline' }
  | { exit: 'continue'; nextBatch: number };

type Done =
  | { kind: 'fetch'; batchId: string; limit: number; summary: FetchSummary }
  | { kind: 'extract'; batchId: string; claimed: number; summary: ExtractSummary }
  | { kind: 'store'; claimed: number; summary: StoreSummary };

/**
 * The crawl loop both drivers share: keep up to `lanes` batches in flight (fetch a batch, then store
 * it), never claiming more than the results still wanted, until the frontier is empty, the result cap
 * is reached, or the crawl stops. A step that throws (cancellation, timeout, infrastructure fault) ends
 * the loop after the other batches in flight have settled; the driver decides what that means.
 */
export async function runCrawlLoop(
  crawlId: string,
  steps: CrawlSteps,
  options: CrawlLoopOptions,
): Promise<CrawlLoopExit> {
  const batchSize = options.batchSize ?? 8;
  const lanes = options.lanes ?? 3;
  const job = await steps.load(crawlId);
  if (!job || job.status !== 'running') return { exit: 'stopped' };
  const cap = resultCap(job.settings);
  const deadline = job.createdAt.getTime() + job.settings.timeout * 60_000;

  if (job.settings.useSitemap && (options.seedSitemap ?? true)) {
    if (!(await steps.seedSitemap(job))) return { exit: 'stopped' };
  }

  let batchNumber = options.firstBatch ?? 0;
  const lastBatch = options.maxBatches === undefined ? Infinity : batchNumber + options.maxBatches;
  let stored = job.numberOfResults;
  let reserved = 0; // results the batches in flight may still add
  let fetching = 0;
  let frontierEmpty = false;
  const extractBatch = options.extract && job.settings.extraction ? steps.extractBatch : undefined;
  let failedInARow = 0;
  const inFlight = new Set<Promise<Done>>();
  const track = (work: Promise<Done>): void => {
    // A rejection is handled where the loop awaits the race; this keeps it from going unhandled meanwhile.
    work.catch(() => undefined);
    inFlight.add(work);
  };
  const finish = async (
    status: Exclude<CrawlStatus, 'running'>,
    logs: CrawlLogEntry[],
  ): Promise<CrawlLoopExit> =>
    (await steps.finish(crawlId, status, logs)) ? { exit: 'finished', status } : { exit: 'stopped' };

  try {
    for (;;) {
      if (options.now() >= deadline) {
        await settle(inFlight);
        return { exit: 'deadline' };
      }
      while (fetching < lanes && !frontierEmpty && stored + reserved < cap && batchNumber < lastBatch) {
        const batchId = `${options.batchIdPrefix}${batchNumber++}`;
        const limit = Math.min(batchSize, cap - stored - reserved);
        reserved += limit;
        fetching++;
        track(
          steps
            .fetchBatch(job, batchId, limit)
            .then((summary) => ({ kind: 'fetch', batchId, limit, summary })),
        );
      }
      if (inFlight.size === 0) {
        if (batchNumber >= lastBatch && stored < cap && !frontierEmpty)
          return { exit: 'continue', nextBatch: batchNumber };
        const why =
          stored >= cap
            ? `Reached the limit of ${plural(cap, 'result')}.`
            : `No more pages to crawl; ${plural(stored, 'result')} stored.`;
        return finish('succeeded', [{ level: 'info', message: 'Crawl finished', description: why }]);
      }

      const [settled, done] = await Promise.race([...inFlight].map((p) => p.then((d) => [p, d] as const)));
      inFlight.delete(settled);
      if (done.kind === 'fetch') {
        fetching--;
        reserved -= done.limit - done.summary.claimed;
        if (done.summary.startPageFailure && stored === 0) {
          await settle(inFlight);
          const reason = done.summary.startPageFailure.map((l) => l.description ?? l.message).join('; ');
          return finish('failed', [
            ...done.summary.startPageFailure,
            {
              level: 'error',
              message: 'Crawl failed',
              description: `The start URL could not be crawled: ${reason}`,
            },
          ]);
        }
        if (done.summary.claimed === 0) frontierEmpty = true;
        else if (extractBatch) {
          const { batchId } = done;
          const claimed = done.summary.claimed;
          track(
            extractBatch(job, batchId).then((summary) => ({ kind: 'extract', batchId, claimed, summary })),
          );
        } else {
          const claimed = done.summary.claimed;
          track(steps.storeBatch(job, done.batchId).then((summary) => ({ kind: 'store', claimed, summary })));
        }
      } else if (done.kind === 'extract') {
        // A page the extractor answered for ends a run of failures; a model that stays down fails the crawl.
        failedInARow = done.summary.extracted > 0 ? done.summary.failed : failedInARow + done.summary.failed;
        if (failedInARow >= done.summary.failureLimit) {
          await settle(inFlight);
          return finish('failed', [extractionFailureLog(failedInARow, done.summary.error)]);
        }
        const claimed = done.claimed;
        track(steps.storeBatch(job, done.batchId).then((summary) => ({ kind: 'store', claimed, summary })));
      } else {
        reserved -= done.claimed;
        stored = Math.max(stored, done.summary.numberOfResults);
        // A stored batch may have added links: the frontier is worth another look.
        frontierEmpty = false;
        if (!done.summary.stillRunning) {
          await settle(inFlight);
          return { exit: 'stopped' };
        }
      }
    }
  } catch (err: unknown) {
    await settle(inFlight);
    throw err;
  }
}

async function settle(work: Set<Promise<Done>>): Promise<void> {
  await Promise.allSettled(work);
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
