import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CrawlStore } from '@trawl/workflows';
import type { Database } from '../db/client.js';
import { crawlBatches, crawls } from '../db/schema.js';
import type { Logger } from '../logger.js';
import { sweepHostSlots } from './host-politeness.js';

/** What the reconciler asks of Temporal about crawl workflows (temporal-workflows.ts implements it). */
export interface CrawlWorkflows {
  /**
   * The state of a crawl's workflow: `running`, or closed with Temporal's status (`TERMINATED`,
   * `FAILED`...) and the reason its close event gives; null when Temporal has no such workflow.
   */
  lookup(
    crawlId: string,
  ): Promise<{ running: true } | { running: false; status: string; reason: string } | null>;
  /** Crawl ids of every crawl workflow still open. */
  listOpen(): Promise<string[]>;
  terminate(crawlId: string, reason: string): Promise<void>;
}

export interface ReconcilerOptions {
  db: Database;
  store: CrawlStore;
  workflows: CrawlWorkflows;
  logger: Logger;
  /** A crawl younger than this may still be starting its workflow: left alone. @default 120000 */
  startGraceMs?: number;
  /**
   * A workflow still open this long after its crawl's timeout cannot make progress (its workflow tasks
   * fail, say after a bad deploy): it is terminated and the crawl ends `error`. Longer than the activity
   * retry window, so a workflow still retrying its last steps is left to finish. @default 1500000 (the
   * default 15-minute window and 10 more)
   */
  stuckAfterTimeoutMs?: number;
  /** An open workflow whose crawl ended longer ago than this (an abort whose cancel never closed it) is terminated. @default 120000 */
  endGraceMs?: number;
}

export interface ReconcileReport {
  /** Crawls found `running` with no open workflow, now ended `error`. */
  settled: string[];
  /** Workflows terminated: stuck past their crawl's timeout, or still open after their crawl ended. */
  terminated: string[];
}

/**
 * Keeps crawls and their workflows in step, for what no workflow code can see: a workflow terminated by
 * an operator, failed before it could end its crawl, lost, or stuck. Every crawl `running` in the
 * database must have an open workflow; every open workflow must belong to a running crawl. Safe to run
 * from several API processes at once: ending a crawl happens once, terminating twice is harmless.
 */
export function createTemporalReconciler(options: ReconcilerOptions) {
  const { db, store, workflows, logger } = options;
  const startGraceMs = options.startGraceMs ?? 120_000;
  const stuckAfterTimeoutMs = options.stuckAfterTimeoutMs ?? 25 * 60_000;
  const endGraceMs = options.endGraceMs ?? 120_000;

  const settle = async (crawlId: string, description: string): Promise<boolean> =>
    store.finishCrawl(crawlId, 'error', [
      { level: 'error', message: 'Crawl stopped by an internal error', description },
    ]);

  async function reconcileRunning(report: ReconcileReport): Promise<void> {
    const rows = await db
      .select({ id: crawls.id, createdAt: crawls.createdAt, timeout: crawls.timeout })
      .from(crawls)
      .where(
        and(
          eq(crawls.status, 'running'),
          sql`${crawls.createdAt} < now() - make_interval(secs => ${startGraceMs / 1000})`,
        ),
      );
    for (const row of rows) {
      const state = await workflows.lookup(row.id);
      if (state === null) {
        if (await settle(row.id, 'Its workflow was not found on Temporal: it never started, or was deleted.'))
          report.settled.push(row.id);
      } else if (!state.running) {
        const why = `Its workflow ended ${state.status.toLowerCase().replaceAll('_', ' ')} without ending the crawl${state.reason ? `: ${state.reason}` : '.'}`;
        if (await settle(row.id, why)) report.settled.push(row.id);
      } else if (Date.now() > row.createdAt.getTime() + row.timeout * 60_000 + stuckAfterTimeoutMs) {
        const minutes = Math.round(stuckAfterTimeoutMs / 60_000);
        const why = `Its workflow was still open ${minutes} minutes after the crawl's timeout and was terminated: it could not make progress.`;
        await workflows.terminate(row.id, why);
        report.terminated.push(row.id);
        if (await settle(row.id, why)) report.settled.push(row.id);
      }
    }
  }

  async function reconcileOpen(report: ReconcileReport): Promise<void> {
    const open = await workflows.listOpen();
    if (open.length === 0) return;
    const ended = await db
      .select({ id: crawls.id })
      .from(crawls)
      .where(
        and(
          inArray(crawls.id, open),
          ne(crawls.status, 'running'),
          sql`${crawls.completedAt} < now() - make_interval(secs => ${endGraceMs / 1000})`,
        ),
      );
    for (const { id } of ended) {
      await workflows.terminate(
        id,
        'The crawl had already ended; its workflow did not close after the cancel.',
      );
      report.terminated.push(id);
    }
  }

  return {
    /** One pass; logs what it changed. */
    async reconcile(): Promise<ReconcileReport> {
      const report: ReconcileReport = { settled: [], terminated: [] };
      await reconcileRunning(report);
      await reconcileOpen(report);
      // Staged batches only matter while their crawl runs; a fetch that outlived its crawl left one. Host
      // slots whose worker died holding them went with their lease; their rows go here.
      await db
        .delete(crawlBatches)
        .where(
          inArray(
            crawlBatches.crawlId,
            db.select({ id: crawls.id }).from(crawls).where(ne(crawls.status, 'running')),
          ),
        );
      await sweepHostSlots(db);
      if (report.settled.length)
        logger.warn(
          `Ended ${report.settled.length} crawl(s) whose workflow had ended: ${report.settled.join(', ')}`,
        );
      if (report.terminated.length)
        logger.warn(
          `Terminated ${report.terminated.length} stuck crawl workflow(s): ${report.terminated.join(', ')}`,
        );
      return report;
    },
  };
}

export type TemporalReconciler = ReturnType<typeof createTemporalReconciler>;
