export { TASK_QUEUES, CRAWL_WORKFLOW, crawlWorkflowId, toJobPayload, fromJobPayload } from './shared.js';
export type { TaskQueueName, CrawlWorkflowInput, CrawlWorkflowResult, CrawlJobPayload } from './shared.js';
export { createActivities } from './activities.js';
export type { ActivityDeps, CrawlActivities } from './activities.js';
export { createCrawlWorkers, crawlWorkflowsPath } from './worker.js';
export type { CrawlWorkerOptions } from './worker.js';
