import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  NativeConnection,
  Worker,
  type NativeConnectionOptions,
  type WorkerOptions,
} from '@temporalio/worker';
import type { CrawlActivities } from './activities.js';
import { TASK_QUEUES, type ScheduledRunActivities, type TaskQueueName } from './shared.js';

/** The workflow module for a worker's bundler: the compiled file, or its source when running from TypeScript. */
export function crawlWorkflowsPath(): string {
  const compiled = fileURLToPath(new URL('./workflows.js', import.meta.url));
  return existsSync(compiled) ? compiled : fileURLToPath(new URL('./workflows.ts', import.meta.url));
}

/**
 * The workflow bundle `npm run bundle:workflows` writes beside the compiled workflow at image build, so
 * workers start without running webpack; null when there is none, or it is older than the workflow code.
 */
export function prebuiltWorkflowBundle(): string | null {
  const bundle = fileURLToPath(new URL('./workflow-bundle.js', import.meta.url));
  const compiled = fileURLToPath(new URL('./workflows.js', import.meta.url));
  if (!existsSync(bundle) || !existsSync(compiled)) return null;
  return statSync(bundle).mtimeMs >= statSync(compiled).mtimeMs ? bundle : null;
}

/**
 * How often a worker passes an activity's heartbeats on to Temporal at most. A cancellation (an abort,
 * the crawl's timeout) reaches a running fetch only in the answer to a heartbeat, so this bounds how long
 * a fetch goes on after it: Temporal's default would be 0.8 × the heartbeat timeout, 24 s.
 */
export const HEARTBEAT_THROTTLE = '1s';

export interface CrawlWorkerOptions {
  address: string;
  namespace: string;
  /** TLS (mTLS or a CA of its own) and an API key, for a frontend such as Temporal Cloud. @default plain */
  security?: Pick<NativeConnectionOptions, 'tls' | 'apiKey'>;
  /** Which queues this process serves: `http` (workflows and HTTP activities) and/or `browser`. */
  queues: TaskQueueName[];
  /** The crawl's activities, and on `http` the API's scheduled-run activity when schedules run on Temporal. */
  activities: CrawlActivities & Partial<ScheduledRunActivities>;
  /** Activities run at once per queue. */
  maxConcurrentActivities: number;
  /**
   * On shutdown (a deploy, a scale-down), how long activities in flight may finish before they are
   * cancelled and retried elsewhere. @default '30s'
   */
  shutdownGraceTime?: WorkerOptions['shutdownGraceTime'];
}

/** The options of one crawl worker, without its connection. */
export function crawlWorkerOptions(
  options: Omit<CrawlWorkerOptions, 'address' | 'security'>,
  queue: TaskQueueName,
): Omit<WorkerOptions, 'connection'> {
  const base: Omit<WorkerOptions, 'connection'> = {
    namespace: options.namespace,
    taskQueue: TASK_QUEUES[queue],
    activities: options.activities,
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivities,
    maxHeartbeatThrottleInterval: HEARTBEAT_THROTTLE,
    defaultHeartbeatThrottleInterval: HEARTBEAT_THROTTLE,
    shutdownGraceTime: options.shutdownGraceTime ?? '30s',
  };
  if (queue !== 'http') return base;
  const bundle = prebuiltWorkflowBundle();
  return bundle
    ? { ...base, workflowBundle: { codePath: bundle } }
    : { ...base, workflowsPath: crawlWorkflowsPath() };
}

/**
 * Workers for the crawl task queues: `trawl-http` runs crawl workflows and every activity but browser
 * fetches; `trawl-browser` runs browser fetches on machines with Chromium. The Temporal runtime shuts
 * them down on SIGINT and SIGTERM, letting activities in flight finish within the grace time.
 */
export async function createCrawlWorkers(
  options: CrawlWorkerOptions,
): Promise<{ workers: Worker[]; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: options.address, ...options.security });
  const workers = await Promise.all(
    options.queues.map((queue) => Worker.create({ ...crawlWorkerOptions(options, queue), connection })),
  );
  return { workers, connection };
}
