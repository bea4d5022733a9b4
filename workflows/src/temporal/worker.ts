import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import type { CrawlActivities } from './activities.js';
import { TASK_QUEUES, type TaskQueueName } from './shared.js';

/** The workflow module for a worker's bundler: the compiled file, or its source when running from TypeScript. */
export function crawlWorkflowsPath(): string {
  const compiled = fileURLToPath(new URL('./workflows.js', import.meta.url));
  return existsSync(compiled) ? compiled : fileURLToPath(new URL('./workflows.ts', import.meta.url));
}

export interface CrawlWorkerOptions {
  address: string;
  namespace: string;
  /** Which queues this process serves: `http` (workflows and HTTP activities) and/or `browser`. */
  queues: TaskQueueName[];
  activities: CrawlActivities;
  /** Activities run at once per queue. */
  maxConcurrentActivities: number;
}

/**
 * Workers for the crawl task queues: `trawl-http` runs crawl workflows and every activity but browser
 * fetches; `trawl-browser` runs browser fetches on machines with Chromium.
 */
export async function createCrawlWorkers(options: CrawlWorkerOptions): Promise<{ workers: Worker[]; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: options.address });
  const workers = await Promise.all(
    options.queues.map((queue) => {
      const base: WorkerOptions = {
        connection,
        namespace: options.namespace,
        taskQueue: TASK_QUEUES[queue],
        activities: options.activities,
        maxConcurrentActivityTaskExecutions: options.maxConcurrentActivities,
      };
      return Worker.create(queue === 'http' ? { ...base, workflowsPath: crawlWorkflowsPath() } : base);
    }),
  );
  return { workers, connection };
}
