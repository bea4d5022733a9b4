import { ScheduleNotFoundError, type Client } from '@temporalio/client';
import {
  temporalScheduleId,
  type ScheduledCrawlSettings,
  type ScheduledRunActivities,
} from '@trawl/workflows/temporal';
import { eq } from 'drizzle-orm';
import type { LaunchDeps } from '../crawls/service.js';
import { startCrawlWorkflow } from '../crawls/temporal-workflows.js';
import { scheduleRuns, schedules } from '../db/schema.js';
import { launchScheduledRun, recordDueRun } from './scheduler.js';

export interface ScheduledRunDeps extends Omit<LaunchDeps, 'orchestrator'> {
  /** Starts a crawl's workflow with the loop and retry window the schedule's action carries. */
  startCrawl(crawlId: string, crawl: ScheduledCrawlSettings): Promise<void>;
  /** Deletes the Temporal Schedule of a schedule the database no longer has. */
  forgetSchedule(scheduleId: string): Promise<void>;
}

/**
 * The activity of `scheduledCrawlRun`, run by `npm run worker` on trawl-http: the embedded scheduler's
 * record-and-launch, for the due time Temporal gives. A retry (its answer lost, the worker gone) finds the
 * run recorded the first time: a pending one is launched, a started one is not started again.
 */
export function createScheduledRunActivities(deps: ScheduledRunDeps): ScheduledRunActivities {
  return {
    async runScheduledCrawl(input) {
      const claimed = await recordDueRun(deps, input.scheduleId, new Date(input.dueAt));
      if (!claimed) {
        const [schedule] = await deps.db
          .select({ id: schedules.id })
          .from(schedules)
          .where(eq(schedules.id, input.scheduleId));
        if (schedule) return { status: 'skipped' };
        // Its row is gone (deleted, or rolled back after Temporal's answer to the create was lost).
        await deps.forgetSchedule(input.scheduleId);
        return { status: 'gone' };
      }
      const launchDeps: LaunchDeps = {
        ...deps,
        orchestrator: { start: (crawlId) => deps.startCrawl(crawlId, input.crawl) },
      };
      const launched =
        claimed.run.status === 'pending' &&
        (await launchScheduledRun(launchDeps, claimed.schedule, claimed.run));
      const [run] = await deps.db.select().from(scheduleRuns).where(eq(scheduleRuns.id, claimed.run.id));
      if (launched && run?.crawlId) return { status: 'started', crawlId: run.crawlId };
      return { status: run?.status === 'failed' ? 'failed' : 'taken' };
    },
  };
}

/** `startCrawl` and `forgetSchedule` through a Temporal client, as the worker has them. */
export function temporalRunPorts(client: Client): Pick<ScheduledRunDeps, 'startCrawl' | 'forgetSchedule'> {
  return {
    startCrawl: (crawlId, crawl) => startCrawlWorkflow(client, { crawlId, ...crawl }),
    async forgetSchedule(scheduleId) {
      try {
        await client.schedule.getHandle(temporalScheduleId(scheduleId)).delete();
      } catch (err: unknown) {
        if (!(err instanceof ScheduleNotFoundError)) throw err;
      }
    },
  };
}
