import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { CRAWL_WORKFLOW, TASK_QUEUES, crawlWorkflowId, type CrawlWorkflowInput } from '@trawl/workflows/temporal';
import type { Logger } from '../logger.js';
import type { CrawlOrchestrator } from './orchestrator.js';

/**
 * Crawls on Temporal: starting one starts its workflow on `trawl-http`, aborting one cancels it.
 * Workers (`npm run worker`) do the work; nothing runs in the API process, and nothing needs resuming
 * here, since Temporal itself keeps every workflow going.
 */
export async function createTemporalOrchestrator(options: { address: string; namespace: string; rpcTimeoutMs: number; logger: Logger }): Promise<CrawlOrchestrator> {
  // Lazy: the API starts while Temporal is still coming up; until it answers, starting a crawl is a 503.
  const connection = Connection.lazy({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });
  const withinDeadline = <T>(fn: () => Promise<T>): Promise<T> => connection.withDeadline(Date.now() + options.rpcTimeoutMs, fn);
  return {
    kind: 'temporal',
    async start(crawlId) {
      const args: [CrawlWorkflowInput] = [{ crawlId }];
      await withinDeadline(() => client.workflow.start(CRAWL_WORKFLOW, { taskQueue: TASK_QUEUES.http, workflowId: crawlWorkflowId(crawlId), args }));
    },
    async abort(crawlId) {
      try {
        await withinDeadline(() => client.workflow.getHandle(crawlWorkflowId(crawlId)).cancel());
      } catch (err: unknown) {
        // The workflow already ended: the crawl's status is what counts, and it is set.
        if (!(err instanceof WorkflowNotFoundError)) options.logger.warn(`Could not cancel the workflow of crawl ${crawlId}`, err);
      }
    },
    async resume() {},
    async close() {
      await connection.close();
    },
  };
}
