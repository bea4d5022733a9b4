// Names and payload types shared by the crawl workflow, its activities, its workers and the API's client.
// Workflow payloads are JSON: dates travel as ISO strings.
import type { CrawlJob } from '../ports.js';

export const TASK_QUEUES = {
  /** Crawl workflows, and the activities that need no browser (Cheerio fetches, storing, finishing). */
  http: 'trawl-http',
  /** Fetch activities of Playwright and Auto crawls, on workers with Chromium. */
  browser: 'trawl-browser',
} as const;

export type TaskQueueName = keyof typeof TASK_QUEUES;

export const CRAWL_WORKFLOW = 'crawlWorkflow';

/** One workflow per crawl, so starting a crawl twice or cancelling it needs only its id. */
export const crawlWorkflowId = (crawlId: string): string => `crawl-${crawlId}`;

export interface CrawlWorkflowInput {
  crawlId: string;
  /** Set on runs after continue-as-new: the sitemap was already read. */
  seeded?: boolean;
}

export interface CrawlWorkflowResult {
  /** The final status this workflow set, or `stopped` when the crawl left `running` another way. */
  status: string;
}

export type CrawlJobPayload = Omit<CrawlJob, 'createdAt'> & { createdAt: string };

export const toJobPayload = (job: CrawlJob): CrawlJobPayload => ({ ...job, createdAt: job.createdAt.toISOString() });
export const fromJobPayload = (job: CrawlJobPayload): CrawlJob => ({ ...job, createdAt: new Date(job.createdAt) });
