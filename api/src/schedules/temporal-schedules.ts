import {
  Client,
  Connection,
  ScheduleAlreadyRunning,
  ScheduleNotFoundError,
  type ScheduleOptionsStartWorkflowAction,
  type ScheduleSpec,
} from '@temporalio/client';
import {
  SCHEDULED_RUN_WORKFLOW,
  TASK_QUEUES,
  temporalScheduleId,
  type ScheduledCrawlSettings,
  type ScheduledRunInput,
} from '@trawl/workflows/temporal';
import { ApiError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { TemporalConnectionSecurity } from '../temporal-connection.js';
import type { ScheduleRow } from './schemas.js';

/**
 * The Temporal Schedules behind Trawl's schedules when crawls run on Temporal: one per schedule, kept in
 * step by the schedule service. The database stays the record (listings, upcoming and past runs); Temporal
 * only decides when a run starts.
 */
export interface TemporalSchedules {
  create(row: ScheduleRow): Promise<void>;
  /** Brings the Temporal Schedule in line with `after`: a new timetable, or paused or resumed. */
  update(before: ScheduleRow, after: ScheduleRow): Promise<void>;
  delete(row: ScheduleRow): Promise<void>;
  close(): Promise<void>;
}

/**
 * When the Temporal Schedule fires. An interval fires at `epoch + n × every + offset` in Temporal, so the
 * offset is taken from the schedule's next run time: Temporal fires when the database says it will (at the
 * whole second after it). A paused schedule keeps its last offset; resuming sets a new one.
 */
export function temporalSpecOf(row: ScheduleRow, now = new Date()): ScheduleSpec {
  if (row.kind === 'cron') return { cronExpressions: [row.cron!], timezone: row.timeZone };
  const every = row.intervalSeconds!;
  const anchor = row.nextRunAt ?? new Date(now.getTime() + every * 1000);
  const offset = Math.ceil(anchor.getTime() / 1000) % every;
  return { intervals: [{ every: every * 1000, offset: offset * 1000 }], timezone: row.timeZone };
}

/** What the Temporal Schedule starts: `scheduledCrawlRun` on trawl-http, whose activity records and starts the run. */
export function temporalActionOf(
  row: ScheduleRow,
  crawl: ScheduledCrawlSettings,
): ScheduleOptionsStartWorkflowAction<(input: ScheduledRunInput) => Promise<unknown>> {
  return {
    type: 'startWorkflow',
    workflowType: SCHEDULED_RUN_WORKFLOW,
    taskQueue: TASK_QUEUES.http,
    // Temporal appends each run's time to this id.
    workflowId: `trawl-schedule-run-${row.id}`,
    args: [{ scheduleId: row.id, crawl }],
  };
}

const PAUSE_NOTE = 'Paused in Trawl';

const unavailable = (err: unknown): ApiError =>
  new ApiError(
    503,
    'scheduler_unavailable',
    `Schedules cannot be changed right now: Temporal did not answer (${err instanceof Error ? err.message : String(err)}); please try again shortly`,
  );

export function createTemporalSchedules(options: {
  address: string;
  namespace: string;
  rpcTimeoutMs: number;
  security: TemporalConnectionSecurity;
  /** The loop and retry window of the crawls schedules start: those of crawls this API starts. */
  crawl: ScheduledCrawlSettings;
  logger: Logger;
}): TemporalSchedules {
  // Lazy: the API starts while Temporal is still coming up; until it answers, changing a schedule is a 503.
  const connection = Connection.lazy({ address: options.address, ...options.security });
  const client = new Client({ connection, namespace: options.namespace });
  const handleOf = (row: ScheduleRow) => client.schedule.getHandle(temporalScheduleId(row.id));
  /** One call to Temporal, bounded, its failures a 503 the caller rolls back on. */
  const call = async (fn: () => Promise<unknown>): Promise<void> => {
    try {
      await connection.withDeadline(Date.now() + options.rpcTimeoutMs, fn);
    } catch (err: unknown) {
      options.logger.warn('A Temporal Schedule could not be changed', err);
      throw unavailable(err);
    }
  };
  const respec = (row: ScheduleRow) => (): Promise<void> =>
    handleOf(row).update((previous) => ({
      ...previous,
      spec: temporalSpecOf(row),
      action: temporalActionOf(row, options.crawl),
      state: { paused: row.paused, ...(row.paused ? { note: PAUSE_NOTE } : {}) },
    }));

  return {
    async create(row) {
      await call(async () => {
        try {
          await client.schedule.create({
            scheduleId: temporalScheduleId(row.id),
            spec: temporalSpecOf(row),
            action: temporalActionOf(row, options.crawl),
            // A run only records the run and starts its crawl, seconds; SKIP drops a run due while the
            // previous one still starts (after an outage, the missed times start one run, not a burst).
            policies: { overlap: 'SKIP' },
            state: { paused: row.paused, ...(row.paused ? { note: PAUSE_NOTE } : {}) },
          });
        } catch (err: unknown) {
          // A create retried after its answer was lost: the schedule exists, made to match.
          if (!(err instanceof ScheduleAlreadyRunning)) throw err;
          await respec(row)();
        }
      });
    },
    async update(before, after) {
      const retimed =
        before.kind !== after.kind ||
        before.cron !== after.cron ||
        before.intervalSeconds !== after.intervalSeconds ||
        before.timeZone !== after.timeZone;
      // An interval resumed starts one interval from now (as in the database), a new offset.
      const resumedInterval = before.paused && !after.paused && after.kind === 'interval';
      if (retimed || resumedInterval) await call(respec(after));
      else if (after.paused && !before.paused) await call(() => handleOf(after).pause(PAUSE_NOTE));
      else if (!after.paused && before.paused) await call(() => handleOf(after).unpause('Resumed in Trawl'));
    },
    async delete(row) {
      await call(async () => {
        try {
          await handleOf(row).delete();
        } catch (err: unknown) {
          if (!(err instanceof ScheduleNotFoundError)) throw err;
        }
      });
    },
    async close() {
      await connection.close();
    },
  };
}
