import {
  ActivityFailure,
  CancellationScope,
  continueAsNew,
  isCancellation,
  patched,
  proxyActivities,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import { runCrawlLoop, type CrawlLoopExit } from '../runner/crawl-loop.js';
import type { CrawlSteps } from '../runner/crawl-steps.js';
import type { CrawlLogEntry } from '../ports.js';
import type { CrawlActivities } from './activities.js';
import {
  DEFAULT_RETRY_WINDOW_SECONDS,
  databaseActivityOptions,
  extractActivityOptions,
  fetchActivityOptions,
} from './activity-options.js';
import {
  LEGACY_LOOP,
  TASK_QUEUES,
  fromJobPayload,
  type CrawlWorkflowInput,
  type CrawlWorkflowResult,
} from './shared.js';

// Only the types of the activities are imported: their code runs on workers, never in this sandbox.

/**
 * Versioning. A worker replays the history of every running crawl it picks up, and replay fails unless
 * the code makes the same commands in the same order. So any change to the commands this workflow or the
 * shared crawl loop makes (an activity added, removed or reordered, a different decision from the same
 * results, a cancellation type) ships behind a patch: a new id here, `patched(id)` choosing between the
 * new and the old behaviour, and a replay test of a history recorded before the change
 * (test/temporal/histories). Patches are decided once, at the start of a run, so one run never mixes
 * behaviours. Remove a patch's old branch only once no run older than it can still be open.
 */
export const PATCHES = {
  /** Fetches are cancelled with WAIT_CANCELLATION_COMPLETED, and cleanup after the loop can't be cancelled. */
  cancelWaits: 'cancel-waits-for-activities',
  /** A loop that fails (an activity out of retries) ends the crawl `error` with the reason, then releases it. */
  failureEndsCrawl: 'failure-ends-crawl-error',
  /** Crawls with an extraction instruction run the extract step (`extractBatch`) between fetch and store. */
  extractionStep: 'ai-extraction-step',
} as const;

/** Timers longer than this are cut to it (a run continues as new long before). */
const MAX_TIMER_MS = 50 * 365 * 24 * 3600 * 1000;

/**
 * One crawl, durably: the shared crawl loop with activities as its steps, racing a timer for the
 * crawl's timeout. Cancelling the workflow is how a crawl is aborted: in-flight activities are cancelled
 * and cleanup runs in a non-cancellable scope. The crawl's state lives in the database, not here.
 *
 * History: a batch is 6 activity events plus up to two workflow tasks of 3 events, so a run of
 * `batchesPerRun` (100) batches stays under ~1,200 events, far below Temporal's 10,240-event warning.
 */
export async function crawlWorkflow(input: CrawlWorkflowInput): Promise<CrawlWorkflowResult> {
  const cancelWaits = patched(PATCHES.cancelWaits);
  const failureEndsCrawl = patched(PATCHES.failureEndsCrawl);
  const extractionStep = patched(PATCHES.extractionStep);
  const loop = input.loop ?? LEGACY_LOOP;
  const retryWindow = input.retryWindowSeconds ?? DEFAULT_RETRY_WINDOW_SECONDS;
  const db = proxyActivities<CrawlActivities>(databaseActivityOptions(retryWindow));

  const payload = await db.loadCrawl(input.crawlId);
  if (!payload || payload.status !== 'running') return { status: 'stopped' };
  const job = fromJobPayload(payload);
  const fetcher = proxyActivities<CrawlActivities>(
    fetchActivityOptions(job.settings, loop, retryWindow, cancelWaits),
  );
  // Sitemaps are read over HTTP, wherever the crawl's pages are fetched.
  const sitemap = proxyActivities<CrawlActivities>({
    ...fetchActivityOptions(job.settings, loop, retryWindow, cancelWaits),
    taskQueue: TASK_QUEUES.http,
  });
  const extractor = proxyActivities<CrawlActivities>(extractActivityOptions(retryWindow));
  const steps: CrawlSteps = {
    load: async () => job,
    seedSitemap: () => sitemap.seedSitemap(payload),
    fetchBatch: (_job, batchId, limit) => fetcher.fetchAndExtract({ job: payload, batchId, limit }),
    extractBatch: (_job, batchId) => extractor.extractBatch({ job: payload, batchId }),
    storeBatch: (_job, batchId) => db.deduplicateAndStore({ job: payload, batchId }),
    finish: (crawlId, status, logs) => db.finishCrawl({ crawlId, status, logs }),
  };
  // Cleanup after the loop runs to the end even when a cancel arrives meanwhile.
  const cleanup = <T>(work: () => Promise<T>): Promise<T> =>
    cancelWaits ? CancellationScope.nonCancellable(work) : work();

  let timedOut = false;
  const loopScope = new CancellationScope();
  const timerScope = new CancellationScope();
  const deadline = job.createdAt.getTime() + job.settings.timeout * 60_000;
  const timer = timerScope
    .run(() => sleep(Math.min(Math.max(deadline - Date.now(), 0), MAX_TIMER_MS)))
    .then(
      () => {
        timedOut = true;
        loopScope.cancel();
      },
      (err: unknown) => {
        if (!isCancellation(err)) throw err;
      },
    );

  let exit: CrawlLoopExit;
  try {
    exit = await loopScope.run(() =>
      runCrawlLoop(job.id, steps, {
        now: () => Date.now(),
        // Unique per run; deterministic within it, so a replayed or retried batch keeps its id.
        batchIdPrefix: `${job.id}/${workflowInfo().runId}/`,
        batchSize: loop.batchSize,
        lanes: loop.lanes,
        maxBatches: loop.batchesPerRun,
        seedSitemap: !input.seeded,
        extract: extractionStep,
      }),
    );
  } catch (err: unknown) {
    if (!timedOut) {
      if (isCancellation(err)) await CancellationScope.nonCancellable(() => db.releaseCrawl(job.id));
      else if (failureEndsCrawl) {
        await CancellationScope.nonCancellable(async () => {
          timerScope.cancel();
          await timer;
          await db.finishCrawl({ crawlId: job.id, status: 'error', logs: [failureLog(err, retryWindow)] });
          await db.releaseCrawl(job.id);
        });
      }
      throw err;
    }
    exit = { exit: 'deadline' };
  }
  timerScope.cancel();
  await timer;

  if (exit.exit === 'continue')
    return continueAsNew<typeof crawlWorkflow>({
      crawlId: job.id,
      seeded: true,
      loop,
      retryWindowSeconds: retryWindow,
    });
  const ended = exit;
  return cleanup(async () => {
    let status = ended.exit === 'finished' ? ended.status : 'stopped';
    if (ended.exit === 'deadline' && (await db.finishTimedOut(payload))) status = 'timed_out';
    await db.releaseCrawl(job.id);
    return { status };
  });
}

/** The crawl log line that says why the crawl stopped: which step gave up, after what, and the cause. */
function failureLog(err: unknown, retryWindowSeconds: number): CrawlLogEntry {
  let description: string;
  if (err instanceof ActivityFailure) {
    let cause: Error | undefined = err.cause;
    while (cause && 'cause' in cause && cause.cause instanceof Error) cause = cause.cause;
    const gaveUp = err.retryState === 'MAXIMUM_ATTEMPTS_REACHED' || err.retryState === 'TIMEOUT';
    const minutes = Math.max(1, Math.round(retryWindowSeconds / 60));
    const after = gaveUp ? ` after retrying for ${minutes} minute${minutes === 1 ? '' : 's'}` : '';
    description = `The ${err.activityType} step failed${after}: ${cause?.message || err.message}`;
  } else {
    description = err instanceof Error ? err.message : String(err);
  }
  return { level: 'error', message: 'Crawl stopped by an internal error', description };
}

export { scheduledCrawlRun } from './scheduled-run.js';
