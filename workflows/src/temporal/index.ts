// What the API and its worker use of the Temporal layer: workflow names and queues to start crawls, and
// the activities and workers `npm run worker` runs.
export {
  TASK_QUEUES,
  CRAWL_WORKFLOW,
  LEGACY_LOOP,
  SCHEDULED_RUN_WORKFLOW,
  crawlWorkflowId,
  temporalScheduleId,
} from './shared.js';
export type {
  CrawlWorkflowInput,
  CrawlJobPayload,
  CrawlLoopSettings,
  ScheduledCrawlSettings,
  ScheduledRunActivities,
  ScheduledRunInput,
  ScheduledRunOutcome,
} from './shared.js';
export {
  DEFAULT_RETRY_WINDOW_SECONDS,
  FETCH_HEARTBEAT_TIMEOUT_SECONDS,
  MAX_FETCH_ATTEMPT_SECONDS,
} from './activity-options.js';
export { createActivities } from './activities.js';
export type { CrawlActivities } from './activities.js';
export { createCrawlWorkers, crawlWorkerOptions, HEARTBEAT_THROTTLE } from './worker.js';
