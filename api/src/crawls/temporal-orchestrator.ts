import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import type { CrawlStore } from '@trawl/workflows';
import { crawlWorkflowId, type CrawlLoopSettings } from '@trawl/workflows/temporal';
import type { Database } from '../db/client.js';
import type { Logger } from '../logger.js';
import type { TemporalConnectionSecurity } from '../temporal-connection.js';
import type { CrawlOrchestrator } from './orchestrator.js';
import { workersArePolling } from './temporal-health.js';
import { createTemporalReconciler } from './temporal-reconciler.js';
import { startCrawlWorkflow, temporalCrawlWorkflows } from './temporal-workflows.js';

const HEALTH_TIMEOUT_MS = 3_000;

/** How often the reconciler looks for crawls and workflows out of step. */
const RECONCILE_EVERY_MS = 5 * 60_000;

/**
 * Crawls on Temporal: starting one starts its workflow on `trawl-http`, aborting one cancels it.
 * Workers (`npm run worker`) do the work; nothing crawls in the API process. What Temporal cannot do by
 * itself (end the crawl of a workflow that was terminated or lost, close a workflow that cannot make
 * progress) the reconciler does, at start (`resume`) and every five minutes.
 */
export async function createTemporalOrchestrator(options: {
  address: string;
  namespace: string;
  rpcTimeoutMs: number;
  /** The loop's shape every crawl started here gets, fixed for its life. */
  loop: CrawlLoopSettings;
  /** How long a crawl's step retries an infrastructure fault before the crawl ends `error`. */
  retryWindowSeconds: number;
  security: TemporalConnectionSecurity;
  db: Database;
  store: CrawlStore;
  logger: Logger;
}): Promise<CrawlOrchestrator> {
  // Lazy: the API starts while Temporal is still coming up; until it answers, starting a crawl is a 503.
  const connection = Connection.lazy({ address: options.address, ...options.security });
  const client = new Client({ connection, namespace: options.namespace });
  const withinDeadline = <T>(fn: () => Promise<T>): Promise<T> =>
    connection.withDeadline(Date.now() + options.rpcTimeoutMs, fn);
  const reconciler = createTemporalReconciler({
    db: options.db,
    store: options.store,
    logger: options.logger,
    workflows: temporalCrawlWorkflows({ client, connection, namespace: options.namespace, withinDeadline }),
    // A workflow may still be retrying its last steps for the retry window after the crawl's timeout.
    stuckAfterTimeoutMs: (options.retryWindowSeconds + 10 * 60) * 1000,
  });
  let reconciling: Promise<unknown> | undefined;
  let reconcileTimer: NodeJS.Timeout | undefined;
  const reconcile = (): Promise<unknown> =>
    (reconciling ??= reconciler
      .reconcile()
      .catch((err: unknown) => options.logger.warn('Reconciling crawls with Temporal failed', err))
      .finally(() => (reconciling = undefined)));
  let wasHealthy = true;
  let healthCheck: Promise<boolean> | undefined;
  async function checkWorkers(): Promise<boolean> {
    let healthy = false;
    let problem: unknown;
    try {
      // A health poll must answer quickly even when Temporal hangs: a few seconds at most.
      const deadline = Date.now() + Math.min(options.rpcTimeoutMs, HEALTH_TIMEOUT_MS);
      healthy = await connection.withDeadline(deadline, () =>
        workersArePolling(connection, options.namespace),
      );
      if (!healthy)
        problem = 'no worker polls one of the trawl-http, trawl-browser and trawl-extract task queues';
    } catch (err: unknown) {
      problem = err;
    }
    // Polled every few seconds: say so when it changes, not on every poll.
    if (healthy !== wasHealthy) {
      if (healthy) options.logger.info('Temporal and its workers are back: crawls can run');
      else options.logger.warn('Crawls cannot run on Temporal', problem);
      wasHealthy = healthy;
    }
    return healthy;
  }

  return {
    kind: 'temporal',
    async start(crawlId) {
      await startCrawlWorkflow(
        client,
        { crawlId, loop: options.loop, retryWindowSeconds: options.retryWindowSeconds },
        withinDeadline,
      );
    },
    async abort(crawlId) {
      try {
        await withinDeadline(() => client.workflow.getHandle(crawlWorkflowId(crawlId)).cancel());
      } catch (err: unknown) {
        // The workflow already ended: the crawl's status is what counts, and it is set.
        if (!(err instanceof WorkflowNotFoundError))
          options.logger.warn(`Could not cancel the workflow of crawl ${crawlId}`, err);
      }
    },
    checkHealth() {
      healthCheck ??= checkWorkers().finally(() => (healthCheck = undefined));
      return healthCheck;
    },
    async resume() {
      // In the background: the API starts even while Temporal is down (the pass then logs why it failed).
      void reconcile();
      reconcileTimer ??= setInterval(() => void reconcile(), RECONCILE_EVERY_MS).unref();
    },
    async close() {
      clearInterval(reconcileTimer);
      // A health check's or reconciler's calls still retrying would outlive the connection otherwise.
      await Promise.all([healthCheck, reconciling]);
      await connection.close();
    },
  };
}
