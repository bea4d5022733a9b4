import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { CrawlEngine } from '../crawler/engine.js';
import type { CrawlStatus, CrawlStore, PageOutcome } from '../ports.js';
import { fetchBatchPages, finishTimedOut, seedFromSitemap, storeBatchPages } from './batch.js';
import { runCrawlLoop, type CrawlLoopExit } from './crawl-loop.js';
import type { CrawlSteps } from './crawl-steps.js';
import { createLimiter } from '../crawler/limiter.js';
import { extractBatchPages, type ExtractDeps } from '../extraction/step.js';
import { createRelevanceExtractor } from '../extraction/relevance.js';

export interface InProcessRunnerOptions {
  store: CrawlStore;
  engine: CrawlEngine;
  /** Pages processed at once across all crawls of this process, first come first served. @default 16 */
  concurrency?: number;
  /** Pages claimed and committed together per crawl. @default 8 */
  batchSize?: number;
  /** Batches of one crawl in flight at once. @default 3 */
  lanes?: number;
  /** AI extraction: the extractors this process has. @default the offline relevance extractor only */
  extraction?: Omit<ExtractDeps, 'store' | 'onPage'>;
  /** Told about a loop that threw (an infrastructure fault); the crawl is then marked `error`. */
  onError?: (crawlId: string, err: unknown) => void;
}

/** How a crawl's loop ended here: the final status it set, or `stopped` (aborted, shut down, or not running). */
export type RunnerExit = Exclude<CrawlStatus, 'running'> | 'stopped';

export interface InProcessRunner {
  /** Starts driving a running crawl in the background. Starting one already driven does nothing. */
  start(crawlId: string): void;
  /** Stops driving a crawl now; its in-flight requests are cancelled. The status is the caller's to set. */
  stop(crawlId: string): void;
  /** Picks up every crawl still `running` in the store, as after a crash or restart. */
  resume(): Promise<string[]>;
  /** Resolves when the crawl's loop (if any) has returned. */
  settled(crawlId: string): Promise<RunnerExit | undefined>;
  /** Stops every loop without changing statuses, so the next start resumes them. */
  close(): Promise<void>;
}

/** setTimeout cannot wait longer than this; longer deadlines are checked between batches. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Drives crawls inside this process with plain promises: the embedded default. All state lives in the
 * store, so a crash loses nothing: the next `resume()` continues where the last commit left off.
 */
export function createInProcessRunner(options: InProcessRunnerOptions): InProcessRunner {
  const { store, engine } = options;
  const schedule = createLimiter(options.concurrency ?? 16);
  const relevance = createRelevanceExtractor();
  const extraction: Omit<ExtractDeps, 'onPage'> = {
    extractorFor: (method) => (method === 'relevance' ? relevance : null),
    ...options.extraction,
    store,
  };
  const loops = new Map<string, { controller: AbortController; done: Promise<RunnerExit | undefined> }>();

  const drive = async (crawlId: string, stop: AbortSignal): Promise<RunnerExit> => {
    const job = await store.loadCrawl(crawlId);
    if (!job || job.status !== 'running') return 'stopped';
    const remaining = job.createdAt.getTime() + job.settings.timeout * 60_000 - Date.now();
    const deadline = remaining < MAX_TIMER_MS ? AbortSignal.timeout(Math.max(remaining, 0)) : null;
    const signal = deadline ? AbortSignal.any([stop, deadline]) : stop;
    // Every page fetched at once listens on the crawl's signal: dozens are normal, not a leak.
    setMaxListeners(0, signal);
    const staged = new Map<string, PageOutcome[]>();
    const steps: CrawlSteps = {
      load: async () => job,
      seedSitemap: (j) => seedFromSitemap({ store, engine }, j, signal),
      async fetchBatch(j, batchId, limit) {
        const { pages, summary } = await fetchBatchPages(
          { store, engine, schedule },
          j,
          batchId,
          limit,
          signal,
        );
        staged.set(batchId, pages);
        return summary;
      },
      async extractBatch(j, batchId) {
        const fetched = staged.get(batchId) ?? [];
        const { pages, summary } = await extractBatchPages(extraction, j, fetched, signal);
        staged.set(batchId, pages);
        return summary;
      },
      storeBatch(j, batchId) {
        const pages = staged.get(batchId) ?? [];
        staged.delete(batchId);
        return storeBatchPages(store, j, batchId, pages);
      },
      finish: (id, status, logs) => store.finishCrawl(id, status, logs),
    };
    let exit: CrawlLoopExit;
    try {
      // A fresh prefix per run: batch ids never repeat, even after a restart.
      exit = await runCrawlLoop(crawlId, steps, {
        now: Date.now,
        batchIdPrefix: `${crawlId}/${randomUUID()}/`,
        batchSize: options.batchSize,
        lanes: options.lanes,
        extract: true,
      });
    } catch (err: unknown) {
      if (stop.aborted) return 'stopped';
      if (deadline?.aborted) exit = { exit: 'deadline' };
      else throw err;
    }
    if (exit.exit === 'deadline') return (await finishTimedOut(store, job)) ? 'timed_out' : 'stopped';
    // `continue` never happens here: the in-process loop has no batch limit.
    return exit.exit === 'finished' ? exit.status : 'stopped';
  };

  const start = (crawlId: string): void => {
    if (loops.has(crawlId)) return;
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    const done = drive(crawlId, controller.signal)
      .catch(async (err: unknown): Promise<RunnerExit> => {
        options.onError?.(crawlId, err);
        const message = err instanceof Error ? err.message : String(err);
        await store
          .finishCrawl(crawlId, 'error', [
            { level: 'error', message: 'Crawl stopped by an internal error', description: message },
          ])
          .catch((finishErr: unknown) => options.onError?.(crawlId, finishErr));
        return 'error';
      })
      .finally(async () => {
        loops.delete(crawlId);
        // Closes the crawl's browser context and forgets its robots and engine choices; a resume rebuilds them.
        await engine.endCrawl(crawlId).catch((err: unknown) => options.onError?.(crawlId, err));
      });
    loops.set(crawlId, { controller, done });
  };

  return {
    start,
    stop(crawlId) {
      loops.get(crawlId)?.controller.abort(new Error('Crawl stopped'));
    },
    async resume() {
      const running = await store.listRunningCrawls();
      for (const crawlId of running) {
        if (loops.has(crawlId)) continue;
        await store.releaseClaims(crawlId);
        start(crawlId);
      }
      return running;
    },
    async settled(crawlId) {
      return loops.get(crawlId)?.done;
    },
    async close() {
      const pending = [...loops.values()];
      for (const loop of pending) loop.controller.abort(new Error('Runner closed'));
      await Promise.all(pending.map((loop) => loop.done));
    },
  };
}
