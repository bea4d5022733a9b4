import {
  CancellationScope, continueAsNew, isCancellation, proxyActivities, sleep, workflowInfo, type ActivityOptions,
} from '@temporalio/workflow';
import { runCrawlLoop, type CrawlLoopExit } from '../runner/crawl-loop.js';
import type { CrawlSteps } from '../runner/crawl-steps.js';
import type { CrawlActivities } from './activities.js';
import { TASK_QUEUES, fromJobPayload, type CrawlWorkflowInput, type CrawlWorkflowResult } from './shared.js';

// Only the types of the activities are imported: their code runs on workers, never in this sandbox.

const retry: ActivityOptions['retry'] = {
  initialInterval: '1s',
  backoffCoefficient: 2,
  maximumInterval: '1m',
  maximumAttempts: 10,
  // A page's failure is a log line, never an error; what throws is infrastructure, worth retrying,
  // except these.
  nonRetryableErrorTypes: ['CrawlNotFound', 'BrowserUnavailableError'],
};
const http = proxyActivities<CrawlActivities>({ taskQueue: TASK_QUEUES.http, startToCloseTimeout: '10m', heartbeatTimeout: '30s', retry });
const browser = proxyActivities<CrawlActivities>({ taskQueue: TASK_QUEUES.browser, startToCloseTimeout: '30m', heartbeatTimeout: '30s', retry });

/** Batches per run before continue-as-new: about 700 history events, far under Temporal's limits. */
export const BATCHES_PER_RUN = 100;
/** Timers longer than this are cut to it (a run continues as new long before). */
const MAX_TIMER_MS = 50 * 365 * 24 * 3600 * 1000;

/**
 * One crawl, durably: the shared crawl loop with activities as its steps, racing a timer for the
 * crawl's timeout. Cancelling the workflow is how a crawl is aborted: in-flight activities are cancelled
 * and cleanup runs in a non-cancellable scope. The crawl's state lives in the database, not here.
 */
export async function crawlWorkflow(input: CrawlWorkflowInput): Promise<CrawlWorkflowResult> {
  const payload = await http.loadCrawl(input.crawlId);
  if (!payload || payload.status !== 'running') return { status: 'stopped' };
  const job = fromJobPayload(payload);
  const fetcher = job.settings.engineType === 'cheerio' ? http : browser;
  const steps: CrawlSteps = {
    load: async () => job,
    seedSitemap: () => http.seedSitemap(payload),
    fetchBatch: (_job, batchId, limit) => fetcher.fetchAndExtract({ job: payload, batchId, limit }),
    storeBatch: (_job, batchId) => http.deduplicateAndStore({ job: payload, batchId }),
    finish: (crawlId, status, logs) => http.finishCrawl({ crawlId, status, logs }),
  };

  let timedOut = false;
  const loopScope = new CancellationScope();
  const timerScope = new CancellationScope();
  const deadline = job.createdAt.getTime() + job.settings.timeout * 60_000;
  const timer = timerScope.run(() => sleep(Math.min(Math.max(deadline - Date.now(), 0), MAX_TIMER_MS))).then(
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
        maxBatches: BATCHES_PER_RUN,
        seedSitemap: !input.seeded,
      }),
    );
  } catch (err: unknown) {
    if (!timedOut) {
      if (isCancellation(err)) await CancellationScope.nonCancellable(() => http.releaseCrawl(job.id));
      throw err;
    }
    exit = { exit: 'deadline' };
  }
  timerScope.cancel();
  await timer;

  if (exit.exit === 'continue') return continueAsNew<typeof crawlWorkflow>({ crawlId: job.id, seeded: true });
  let status = exit.exit === 'finished' ? exit.status : 'stopped';
  if (exit.exit === 'deadline' && (await http.finishTimedOut(payload))) status = 'timed_out';
  await http.releaseCrawl(job.id);
  return { status };
}
