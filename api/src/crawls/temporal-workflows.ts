import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  type Client,
  type Connection,
} from '@temporalio/client';
import {
  CRAWL_WORKFLOW,
  TASK_QUEUES,
  crawlWorkflowId,
  type CrawlWorkflowInput,
} from '@trawl/workflows/temporal';
import type { CrawlWorkflows } from './temporal-reconciler.js';

// temporal.api.enums.v1.HistoryEventFilterType.CLOSE_EVENT, without importing the generated protobuf module.
const CLOSE_EVENT = 2;

/** Crawl workflows as the reconciler sees them, through the API's Temporal client. */
export function temporalCrawlWorkflows(options: {
  client: Client;
  connection: Connection;
  namespace: string;
  /** Bounds each call: Temporal may hang, the reconciler must not. */
  withinDeadline: <T>(fn: () => Promise<T>) => Promise<T>;
}): CrawlWorkflows {
  const { client, connection, namespace, withinDeadline } = options;

  /** Why a closed workflow closed, from its close event: the termination reason, or the failure's message. */
  const closeReason = async (workflowId: string): Promise<string> => {
    const { history } = await withinDeadline(() =>
      connection.workflowService.getWorkflowExecutionHistory({
        namespace,
        execution: { workflowId },
        historyEventFilterType: CLOSE_EVENT,
      }),
    );
    const event = history?.events?.at(-1);
    return (
      event?.workflowExecutionTerminatedEventAttributes?.reason ??
      event?.workflowExecutionFailedEventAttributes?.failure?.message ??
      ''
    );
  };

  return {
    async lookup(crawlId) {
      const workflowId = crawlWorkflowId(crawlId);
      try {
        const description = await withinDeadline(() => client.workflow.getHandle(workflowId).describe());
        const status = description.status.name;
        if (status === 'RUNNING') return { running: true };
        return { running: false, status, reason: await closeReason(workflowId) };
      } catch (err: unknown) {
        if (err instanceof WorkflowNotFoundError) return null;
        throw err;
      }
    },
    async listOpen() {
      return withinDeadline(async () => {
        const ids: string[] = [];
        const query = `WorkflowType = '${CRAWL_WORKFLOW}' AND ExecutionStatus = 'Running'`;
        for await (const execution of client.workflow.list({ query })) {
          if (execution.workflowId.startsWith('crawl-'))
            ids.push(execution.workflowId.slice('crawl-'.length));
        }
        return ids;
      });
    },
    async terminate(crawlId, reason) {
      try {
        await withinDeadline(() => client.workflow.getHandle(crawlWorkflowId(crawlId)).terminate(reason));
      } catch (err: unknown) {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
      }
    },
  };
}

/** Whether a start failed only because the crawl's workflow already runs (a retried start): that is success. */
export const alreadyStarted = (err: unknown): boolean => err instanceof WorkflowExecutionAlreadyStartedError;

/**
 * Starts a crawl's workflow: one per crawl, ever (a crawl's id never starts a second one once the first
 * closed). A start retried after its answer was lost finds the workflow running, which is what was asked.
 */
export async function startCrawlWorkflow(
  client: Client,
  input: CrawlWorkflowInput,
  withinDeadline: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn(),
): Promise<void> {
  const args: [CrawlWorkflowInput] = [input];
  try {
    await withinDeadline(() =>
      client.workflow.start(CRAWL_WORKFLOW, {
        taskQueue: TASK_QUEUES.http,
        workflowId: crawlWorkflowId(input.crawlId),
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        args,
      }),
    );
  } catch (err: unknown) {
    if (!alreadyStarted(err)) throw err;
  }
}
