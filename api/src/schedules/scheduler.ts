import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../app-env.js';
import type { AuthContext } from '../auth/bearer.js';
import { StartCrawlBodySchema } from '../crawls/schemas.js';
import type { CrawlRow } from '../crawls/serialize.js';
import { continueSeries } from '../changes/service.js';
import { insertCrawl, launchCrawl, prepareCrawl, type LaunchDeps } from '../crawls/service.js';
import { projects, scheduleRuns, schedules } from '../db/schema.js';
import { schedulerNow } from './clock.js';
import { timingOf, type ScheduleRow, type ScheduleRunRow } from './schemas.js';
import { claimTimes, nextRunAfter } from './timing.js';

/** Schedules claimed in one transaction at most; the rest wait for the next tick. */
const CLAIM_BATCH = 20;

export interface Scheduler {
  /** Launches runs left pending by a crash, then claims and launches every due schedule. Resolves with how many runs it launched. */
  tick(): Promise<number>;
  /** Ticks now, then every `pollMs`. */
  start(): void;
  close(): Promise<void>;
}

/**
 * The embedded scheduler: every `pollMs` it claims the schedules whose next run time has passed. A claim
 * records the run for its due time and advances the schedule's next run time in one transaction, so the
 * time lives in the database: a restart neither loses a run (a claimed run not yet launched is launched on
 * the next tick, of this or another server) nor doubles one (the claim locks the schedule with SKIP LOCKED,
 * and a run is unique per schedule and due time). Every API server runs one; they share the work safely.
 *
 * With crawls on Temporal, Temporal Schedules start the runs (temporal-schedules.ts) and this scheduler
 * starts none: its ticks do nothing, so a run is never started by both.
 */
export function createScheduler(deps: AppDeps): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let closed = false;

  const tick = (): Promise<number> => {
    if (deps.config.temporal) return Promise.resolve(0);
    running ??= (async () => {
      try {
        const pending = await pendingRuns(deps);
        const claimed = await claimDueSchedules(deps, schedulerNow(deps.config));
        let launched = 0;
        for (const { schedule, run } of [...pending, ...claimed])
          if (await launchScheduledRun(deps, schedule, run)) launched++;
        return launched;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const loop = (): void => {
    if (closed) return;
    timer = setTimeout(() => {
      tick()
        .catch((err: unknown) => deps.logger.error('The scheduler could not run due schedules', err))
        .finally(loop);
    }, deps.config.scheduler.pollMs);
    timer.unref();
  };

  return {
    tick,
    start() {
      if (deps.config.temporal) return;
      tick()
        .catch((err: unknown) => deps.logger.error('The scheduler could not run due schedules', err))
        .finally(loop);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

type ClaimedRun = { schedule: ScheduleRow; run: ScheduleRunRow };

/**
 * Claims the schedules due at `now`: records one run per schedule, for its latest missed due time (runs
 * missed while no server was up are not replayed as a burst), and moves its next run time past now.
 */
export async function claimDueSchedules(deps: AppDeps, now: Date): Promise<ClaimedRun[]> {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(schedules)
      .where(
        and(
          eq(schedules.paused, false),
          lte(schedules.nextRunAt, now),
          // A deleted project's schedules wait with it (projects are deleted softly).
          inArray(
            schedules.projectId,
            tx.select({ id: projects.id }).from(projects).where(eq(projects.isDeleted, false)),
          ),
        ),
      )
      .orderBy(asc(schedules.nextRunAt))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    const claimed: ClaimedRun[] = [];
    for (const schedule of due) {
      const times = claimTimes(timingOf(schedule), schedule.nextRunAt!, now);
      const [run] = await tx
        .insert(scheduleRuns)
        .values({ scheduleId: schedule.id, dueAt: times.dueAt })
        .onConflictDoNothing()
        .returning();
      const [updated] = await tx
        .update(schedules)
        .set({ nextRunAt: times.nextRunAt, lastRunAt: times.dueAt })
        .where(eq(schedules.id, schedule.id))
        .returning();
      if (run) claimed.push({ schedule: updated!, run });
    }
    return claimed;
  });
}

/**
 * Records the run of a schedule due at `dueAt`, as a Temporal Schedule's run does, and moves the schedule's
 * next run time past it. The run is unique per schedule and due time: a retry finds the run recorded the
 * first time and gets it back (to launch it if still pending). Null when the schedule is gone, paused, or its
 * project deleted: nothing is recorded.
 */
export async function recordDueRun(
  deps: Pick<AppDeps, 'db'>,
  scheduleId: string,
  dueAt: Date,
): Promise<ClaimedRun | null> {
  return deps.db.transaction(async (tx) => {
    const [schedule] = await tx
      .select()
      .from(schedules)
      .where(
        and(
          eq(schedules.id, scheduleId),
          inArray(
            schedules.projectId,
            tx.select({ id: projects.id }).from(projects).where(eq(projects.isDeleted, false)),
          ),
        ),
      )
      .for('update');
    if (!schedule) return null;
    const [existing] = await tx
      .select()
      .from(scheduleRuns)
      .where(and(eq(scheduleRuns.scheduleId, scheduleId), eq(scheduleRuns.dueAt, dueAt)));
    if (existing) return { schedule, run: existing };
    if (schedule.paused) return null;
    const [run] = await tx.insert(scheduleRuns).values({ scheduleId, dueAt }).returning();
    // The next run time shown in listings follows the runs; a late run does not move it back.
    const next = nextRunAfter(timingOf(schedule), dueAt);
    const [updated] = await tx
      .update(schedules)
      .set({
        nextRunAt: schedule.nextRunAt && schedule.nextRunAt > next ? schedule.nextRunAt : next,
        lastRunAt: dueAt,
      })
      .where(eq(schedules.id, scheduleId))
      .returning();
    return { schedule: updated!, run: run! };
  });
}

/** Runs claimed but never launched: the server stopped between the claim and the launch. */
async function pendingRuns(deps: AppDeps): Promise<ClaimedRun[]> {
  const rows = await deps.db
    .select({ schedule: schedules, run: scheduleRuns })
    .from(scheduleRuns)
    .innerJoin(schedules, eq(schedules.id, scheduleRuns.scheduleId))
    .where(eq(scheduleRuns.status, 'pending'))
    .orderBy(asc(scheduleRuns.dueAt))
    .limit(CLAIM_BATCH);
  return rows;
}

/** The crawls a schedule's next run may compare with, newest first: its runs' crawls, then its source crawl. */
async function seriesOf(deps: Pick<AppDeps, 'db'>, schedule: ScheduleRow): Promise<string[]> {
  const runs = await deps.db
    .select({ crawlId: scheduleRuns.crawlId })
    .from(scheduleRuns)
    .where(and(eq(scheduleRuns.scheduleId, schedule.id), isNotNull(scheduleRuns.crawlId)))
    .orderBy(desc(scheduleRuns.dueAt))
    .limit(5);
  const ids = runs.map((run) => run.crawlId!);
  return schedule.sourceCrawlId ? [...ids, schedule.sourceCrawlId] : ids;
}

/**
 * The one place a schedule starts a run: a crawl with the schedule's settings in its project, a recrawl in
 * the series (compared with its newest finished crawl and filed in the series' folder) when it has one. The crawl is
 * inserted and the run marked started in one transaction that first locks the pending run, so a run is
 * launched once even when two servers (or a restart) reach it. Resolves false when the run was already taken.
 */
export async function launchScheduledRun(
  deps: LaunchDeps,
  schedule: ScheduleRow,
  run: ScheduleRunRow,
): Promise<boolean> {
  const auth: AuthContext = {
    teamId: schedule.teamId,
    userId: null,
    tokenId: null,
    projectId: schedule.projectId,
    origin: schedule.origin,
  };
  let crawl: CrawlRow | null;
  try {
    const series = await continueSeries(deps.db, await seriesOf(deps, schedule));
    const values = await prepareCrawl(
      deps,
      auth,
      schedule.projectId,
      { ...StartCrawlBodySchema.parse(schedule.settings), compareWith: series?.compareWith },
      { parentId: series?.parentId },
    );
    crawl = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ id: scheduleRuns.id })
        .from(scheduleRuns)
        .where(and(eq(scheduleRuns.id, run.id), eq(scheduleRuns.status, 'pending')))
        .for('update');
      if (!claimed) return null;
      const row = await insertCrawl(tx, values);
      await tx
        .update(scheduleRuns)
        .set({ status: 'started', crawlId: row.id })
        .where(eq(scheduleRuns.id, run.id));
      return row;
    });
    if (!crawl) return false;
    await launchCrawl(deps, crawl);
    return true;
  } catch (err: unknown) {
    // A run that cannot start (budget used up, bad settings, no orchestrator) is recorded, not retried.
    const message = err instanceof Error ? err.message : String(err);
    deps.logger.warn(`Scheduled run of "${schedule.name}" (${schedule.id}) failed: ${message}`);
    await deps.db
      .update(scheduleRuns)
      .set({ status: 'failed', error: message })
      .where(eq(scheduleRuns.id, run.id));
    return false;
  }
}
