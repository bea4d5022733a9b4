// Names and payload types shared by the crawl workflow, its activities, its workers and the API's client.
// Workflow payloads are JSON: dates travel as ISO strings.
import type { CrawlJob } from '../ports.js';

export const TASK_QUEUES = {
  /** Crawl workflows, and the activities that need no browser (Cheerio fetches, storing, finishing). */
  http: 'trawl-http',
  /** Fetch activities of Playwright and Auto crawls, on workers with Chromium. */
  browser: 'trawl-browser',
  /** The extract step of crawls with an extraction instruction (model calls), on workers of its own if need be. */
  extract: 'trawl-extract',
} as const;

export type TaskQueueName = keyof typeof TASK_QUEUES;

export const CRAWL_WORKFLOW = 'crawlWorkflow';

/** One workflow per crawl, so starting a crawl twice or cancelling it needs only its id. */
export const crawlWorkflowId = (crawlId: string): string => `crawl-${crawlId}`;

/** The crawl loop's shape, fixed for a crawl when its workflow starts. */
export interface CrawlLoopSettings {
  /** Pages claimed and committed together (`TRAWL_CRAWL_BATCH_SIZE`). */
  batchSize: number;
  /** Batches in flight at once. */
  lanes: number;
  /** Batches per workflow run before it continues as new. */
  batchesPerRun: number;
}

/**
 * What workflows started before the loop's shape was part of their input ran with. Never change it: it
 * is how those crawls replay.
 */
export const LEGACY_LOOP: Readonly<CrawlLoopSettings> = { batchSize: 8, lanes: 3, batchesPerRun: 100 };

export interface CrawlWorkflowInput {
  crawlId: string;
  /** Set on runs after continue-as-new: the sitemap was already read. */
  seeded?: boolean;
  /**
   * The loop's shape, set by the API at start and carried across continue-as-new, so a deploy that
   * changes batch size or lanes never changes the commands of a crawl already running. @default LEGACY_LOOP
   */
  loop?: CrawlLoopSettings;
  /** How long an activity retries an infrastructure fault before the crawl ends `error`. @default 900 */
  retryWindowSeconds?: number;
}

export interface CrawlWorkflowResult {
  /** The final status this workflow set, or `stopped` when the crawl left `running` another way. */
  status: string;
}

export type CrawlJobPayload = Omit<CrawlJob, 'createdAt'> & { createdAt: string };

export const toJobPayload = (job: CrawlJob): CrawlJobPayload => ({
  ...job,
  createdAt: job.createdAt.toISOString(),
});
export const fromJobPayload = (job: CrawlJobPayload): CrawlJob => ({
  ...job,
  createdAt: new Date(job.createdAt),
});

/** The workflow a Temporal Schedule starts for each of a Trawl schedule's runs. */
export const SCHEDULED_RUN_WORKFLOW = 'scheduledCrawlRun';

/** One Temporal Schedule per Trawl schedule, named after it. */
export const temporalScheduleId = (scheduleId: string): string => `trawl-schedule-${scheduleId}`;

/** What a schedule's crawls start with: the loop's shape and retry window the API would give a crawl. */
export interface ScheduledCrawlSettings {
  loop: CrawlLoopSettings;
  retryWindowSeconds: number;
}

/** The input of `scheduledCrawlRun`, fixed in the Temporal Schedule's action. */
export interface ScheduledRunInput {
  scheduleId: string;
  crawl: ScheduledCrawlSettings;
}

/** How one scheduled run went: started a crawl, already taken (a retry), failed to start, or no schedule. */
export type ScheduledRunOutcome =
  { status: 'started'; crawlId: string } | { status: 'taken' | 'failed' | 'gone' | 'skipped' };

/**
 * The schedule's one activity, implemented by the API (it records the run and starts its crawl with the
 * same code as the embedded scheduler): a port, since workflows never import the API.
 */
export interface ScheduledRunActivities {
  runScheduledCrawl(input: ScheduledRunInput & { dueAt: string }): Promise<ScheduledRunOutcome>;
}
