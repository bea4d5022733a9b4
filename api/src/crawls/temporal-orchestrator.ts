import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { CRAWL_WORKFLOW, TASK_QUEUES, crawlWorkflowId, type CrawlWorkflowInput } from '@trawl/workflows/temporal';
import type { Logger } from '../logger.js';
import type { CrawlOrchestrator } from './orchestrator.js';

/**
 * Crawls on Temporal: starting one starts its workflow on `trawl-http`, aborting one cancels it.
 * Workers (`npm run worker`) do the work; nothing runs in the API process, and nothing needs resuming
 * here, since Temporal itself keeps every workflow going.
 */
export async function createTemporalOrchestrator(options: { address: string; namespace: string; logger: Logger }): Promise<CrawlOrchestrator> {
  const connection = await Connection.connect({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });
  return {
    kind: 'temporal',
    async start(crawlId) {
      const args: [CrawlWorkflowInput] = [{ crawlId }];
      await client.workflow.start(CRAWL_WORKFLOW, { taskQueue: TASK_QUEUES.http, workflowId: crawlWorkflowId(crawlId), args });
    },
    async abort(crawlId) {
      try {
        await client.workflow.getHandle(crawlWorkflowId(crawlId)).cancel();
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
