// How long each crawl activity may take and how it is retried, derived from the crawl's settings. This
// module is part of the workflow bundle: pure functions and constants only.
import { ActivityCancellationType, type ActivityOptions } from '@temporalio/common';
import { MAX_CRAWL_DELAY_SECONDS, type CrawlSettings } from '../crawler/settings.js';
import { TASK_QUEUES, type CrawlLoopSettings } from './shared.js';

/**
 * The most one fetch attempt may take, whatever the crawl: claims (`CLAIM_LEASE_SECONDS` in the API's
 * store) are held longer than this, so a batch still working never has its URLs taken by another.
 */
export const MAX_FETCH_ATTEMPT_SECONDS = 50 * 60;

/** How long an activity keeps retrying an infrastructure fault when the workflow input does not say. */
export const DEFAULT_RETRY_WINDOW_SECONDS = 15 * 60;

/**
 * The heartbeat timeout of fetch activities. They heartbeat every second from a timer while they work
 * (and on every page), so this only notices a worker that died or froze; hung requests are bounded by the
 * engine's own request and navigation timeouts. Workers throttle heartbeats to one a second at most
 * (`maxHeartbeatThrottleInterval`), which is also how fast a cancellation reaches a fetch.
 */
export const FETCH_HEARTBEAT_TIMEOUT_SECONDS = 30;

/**
 * The worst time one page of a batch can take, Crawl-delay included: the delay before its request, the
 * request (the engine's timeouts: 15 s by default, each redirect hop paced again) and, for Chromium, the
 * navigation (30 s) and network settle (3 s), then parsing.
 */
const PAGE_SECONDS: Record<CrawlSettings['engineType'], number> = {
  cheerio: MAX_CRAWL_DELAY_SECONDS + 60,
  playwright: MAX_CRAWL_DELAY_SECONDS + 90,
  auto: MAX_CRAWL_DELAY_SECONDS + 120,
};

/**
 * Start-to-close of one fetch attempt. With a Crawl-delay a host gets one request at a time, so a batch's
 * pages may queue behind every page the crawl's lanes have in flight on the worker: the bound is all of
 * them at the worst page time, at least 10 minutes, at most MAX_FETCH_ATTEMPT_SECONDS.
 */
export function fetchAttemptSeconds(
  settings: Pick<CrawlSettings, 'engineType'>,
  loop: CrawlLoopSettings,
): number {
  const worst = loop.batchSize * loop.lanes * PAGE_SECONDS[settings.engineType];
  return Math.min(Math.max(worst, 10 * 60), MAX_FETCH_ATTEMPT_SECONDS);
}

/** Retry backoff: 1 s, doubling, at most a minute between attempts. */
const BACKOFF = { initialSeconds: 1, coefficient: 2, maximumSeconds: 60 };

/** How many attempts the backoff fits into `windowSeconds` of retrying after the first one failed. */
export function attemptsWithin(windowSeconds: number): number {
  let attempts = 1;
  let waited = 0;
  for (let wait = BACKOFF.initialSeconds; waited + wait <= windowSeconds; attempts++) {
    waited += wait;
    wait = Math.min(wait * BACKOFF.coefficient, BACKOFF.maximumSeconds);
  }
  return attempts;
}

/**
 * Retries: every activity error is infrastructure (a page's failure is a log line, never an error), so it
 * is retried with backoff for the retry window (a PostgreSQL failover, a browser relaunching), as many
 * attempts as fit in it; then the activity fails and the crawl ends `error` with the reason in its logs.
 * A crawl that no longer exists is not worth retrying.
 */
const retry = (retryWindowSeconds: number): ActivityOptions['retry'] => ({
  initialInterval: `${BACKOFF.initialSeconds}s`,
  backoffCoefficient: BACKOFF.coefficient,
  maximumInterval: `${BACKOFF.maximumSeconds}s`,
  maximumAttempts: attemptsWithin(retryWindowSeconds),
  nonRetryableErrorTypes: ['CrawlNotFound'],
});

/**
 * Database steps (load, store a batch, finish, release): one transaction each, no heartbeat. Five minutes
 * covers committing a large batch behind the crawl's row lock and finishing a 5000-page crawl, which
 * deletes its frontier and dedup hashes.
 */
export function databaseActivityOptions(retryWindowSeconds: number): ActivityOptions {
  const attempt = 5 * 60;
  return {
    taskQueue: TASK_QUEUES.http,
    startToCloseTimeout: `${attempt}s`,
    retry: retry(retryWindowSeconds),
  };
}

/**
 * Fetch steps (a batch's pages, a sitemap): on `trawl-browser` for Playwright and Auto crawls. With
 * `waitForCancellation` (every run since the `cancel-waits-for-activities` patch) a cancelled fetch is
 * waited for until it has stopped, so cleanup after an abort or timeout never races a fetch still writing.
 */
export function fetchActivityOptions(
  settings: Pick<CrawlSettings, 'engineType'>,
  loop: CrawlLoopSettings,
  retryWindowSeconds: number,
  waitForCancellation: boolean,
): ActivityOptions {
  const attempt = fetchAttemptSeconds(settings, loop);
  return {
    taskQueue: settings.engineType === 'cheerio' ? TASK_QUEUES.http : TASK_QUEUES.browser,
    startToCloseTimeout: `${attempt}s`,
    heartbeatTimeout: `${FETCH_HEARTBEAT_TIMEOUT_SECONDS}s`,
    retry: retry(retryWindowSeconds),
    ...(waitForCancellation
      ? { cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED }
      : {}),
  };
}

/**
 * The extract step (a batch's pages through the extractor): on `trawl-extract`, heartbeating like a fetch.
 * A page's model calls are bounded by the client's timeout and retries, so the fetch bound serves here too.
 */
export function extractActivityOptions(retryWindowSeconds: number): ActivityOptions {
  return {
    taskQueue: TASK_QUEUES.extract,
    startToCloseTimeout: `${MAX_FETCH_ATTEMPT_SECONDS}s`,
    heartbeatTimeout: `${FETCH_HEARTBEAT_TIMEOUT_SECONDS}s`,
    retry: retry(retryWindowSeconds),
    cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
  };
}
