import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../app-env.js';
import type { AuthContext } from '../auth/bearer.js';
import { StartCrawlBodySchema, type StartCrawlBody } from '../crawls/schemas.js';
import type { CrawlRow } from '../crawls/serialize.js';
import { getCrawl } from '../crawls/service.js';
import type { Database, Transaction } from '../db/client.js';
import { scheduleRuns, schedules } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import { schedulerNow } from './clock.js';
import {
  timingOf,
  type CreateScheduleBody,
  type ScheduleRow,
  type ScheduleRunRow,
  type UpdateScheduleBody,
} from './schemas.js';
import { cronProblem, isTimeZone, nextRunAfter, type ScheduleTiming } from './timing.js';

/** The schedule if it belongs to the caller's team (and bound project); a 404 otherwise. */
export async function getSchedule(db: Database, auth: AuthContext, id: string): Promise<ScheduleRow> {
  if (!isUuid(id)) throw notFound('Schedule');
  const scope = [eq(schedules.id, id), eq(schedules.teamId, auth.teamId)];
  if (auth.projectId) scope.push(eq(schedules.projectId, auth.projectId));
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(...scope))
    .limit(1);
  if (!row) throw notFound('Schedule');
  return row;
}

/** A project's schedules, the next to run first (paused ones last). */
export async function listSchedules(
  db: Database,
  auth: AuthContext,
  projectId: string,
): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.teamId, auth.teamId), eq(schedules.projectId, projectId)))
    .orderBy(asc(schedules.nextRunAt), asc(schedules.createdAt));
}

/** The settings a crawl was started with, as `POST /crawls` takes them. */
export function settingsOfCrawl(crawl: CrawlRow): StartCrawlBody {
  return StartCrawlBodySchema.parse({
    startUrl: crawl.startUrls[0],
    maxResults: crawl.maxResults,
    maxDepth: crawl.maxDepth,
    useSitemap: crawl.useSitemap,
    entireWebsite: crawl.entireWebsite,
    includeLinks: crawl.includeLinks,
    excludeNonMainTags: crawl.excludeNonMainTags,
    deduplicateContent: crawl.deduplicateContent,
    engineType: crawl.engineType,
    useStaticIps: crawl.useStaticIps,
    timeout: crawl.timeout,
    extraction: crawl.extraction,
    ...(crawl.extractionSchema ? { extractionSchema: crawl.extractionSchema } : {}),
  });
}

/** Checks what zod cannot: the time zone is known, the cron expression parses and is not too frequent. */
function checkTiming(timing: ScheduleTiming): void {
  if (!isTimeZone(timing.timeZone))
    throw new ApiError(400, 'validation_error', `Unknown time zone "${timing.timeZone}"`, [
      { path: 'timeZone', message: 'Time zone must be an IANA name such as Europe/Berlin or UTC' },
    ]);
  if (timing.kind === 'cron') {
    const problem = cronProblem(timing.cron, timing.timeZone);
    if (problem) throw new ApiError(400, 'invalid_cron', problem, [{ path: 'cron', message: problem }]);
  }
}

function timingFrom(body: { cron?: string; intervalSeconds?: number; timeZone: string }): ScheduleTiming {
  return body.cron !== undefined
    ? { kind: 'cron', cron: body.cron, timeZone: body.timeZone }
    : { kind: 'interval', intervalSeconds: body.intervalSeconds!, timeZone: body.timeZone };
}

const timingColumns = (timing: ScheduleTiming) => ({
  kind: timing.kind,
  cron: timing.kind === 'cron' ? timing.cron : null,
  intervalSeconds: timing.kind === 'interval' ? timing.intervalSeconds : null,
  timeZone: timing.timeZone,
});

/**
 * Creates a schedule in `projectId` (or, made from a crawl, in that crawl's project). Its first run is the
 * first run time after now: an interval schedule first runs one interval from now.
 */
export async function createSchedule(
  deps: AppDeps,
  auth: AuthContext,
  projectId: string,
  body: CreateScheduleBody,
): Promise<ScheduleRow> {
  const timing = timingFrom(body);
  checkTiming(timing);
  let settings: StartCrawlBody;
  let sourceCrawlId: string | null = null;
  if (body.crawlId !== undefined) {
    const crawl = await getCrawl(deps.db, auth, body.crawlId);
    settings = settingsOfCrawl(crawl);
    sourceCrawlId = crawl.id;
    projectId = crawl.projectId;
  } else settings = body.settings!;
  const now = schedulerNow(deps.config);
  const insert = async (db: Database | Transaction): Promise<ScheduleRow> => {
    const [row] = await db
      .insert(schedules)
      .values({
        teamId: auth.teamId,
        projectId,
        name: body.name ?? new URL(settings.startUrl).host,
        sourceCrawlId,
        settings,
        ...timingColumns(timing),
        origin: auth.origin,
        paused: body.paused,
        nextRunAt: body.paused ? null : nextRunAfter(timing, now),
      })
      .returning();
    return row!;
  };
  return inStepWithTemporal(deps, insert, (temporal, row) => temporal.create(row));
}

/**
 * Renames, retimes, pauses or resumes. Pausing clears the next run time; resuming (or retiming) sets it to the
 * first run time after now, so the runs missed while paused are skipped.
 */
export async function updateSchedule(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  body: UpdateScheduleBody,
): Promise<ScheduleRow> {
  const current = await getSchedule(deps.db, auth, id);
  const old = timingOf(current);
  const retimed =
    body.cron !== undefined || body.intervalSeconds !== undefined || body.timeZone !== undefined;
  const timing: ScheduleTiming =
    body.cron !== undefined || body.intervalSeconds !== undefined
      ? timingFrom({
          cron: body.cron,
          intervalSeconds: body.intervalSeconds,
          timeZone: body.timeZone ?? old.timeZone,
        })
      : { ...old, timeZone: body.timeZone ?? old.timeZone };
  if (retimed) checkTiming(timing);
  const paused = body.paused ?? current.paused;
  const resumed = current.paused && !paused;
  const nextRunAt = paused
    ? null
    : retimed || resumed
      ? nextRunAfter(timing, schedulerNow(deps.config))
      : current.nextRunAt;
  const update = async (db: Database | Transaction): Promise<ScheduleRow> => {
    const [row] = await db
      .update(schedules)
      .set({
        name: body.name ?? current.name,
        ...timingColumns(timing),
        paused,
        nextRunAt,
        updatedAt: new Date(),
      })
      .where(eq(schedules.id, current.id))
      .returning();
    return row!;
  };
  return inStepWithTemporal(deps, update, (temporal, row) => temporal.update(current, row));
}

/**
 * Writes a schedule, and in Temporal mode keeps its Temporal Schedule in step: both in one transaction, so
 * a Temporal that does not answer rolls the write back.
 */
async function inStepWithTemporal<T>(
  deps: AppDeps,
  write: (db: Database | Transaction) => Promise<T>,
  sync: (temporal: NonNullable<AppDeps['temporalSchedules']>, written: T) => Promise<void>,
): Promise<T> {
  const temporal = deps.temporalSchedules;
  if (!temporal) return write(deps.db);
  return deps.db.transaction(async (tx) => {
    const written = await write(tx);
    await sync(temporal, written);
    return written;
  });
}

/** Deletes the schedule and its run history; the crawls it started are kept. */
export async function deleteSchedule(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const schedule = await getSchedule(deps.db, auth, id);
  await inStepWithTemporal(
    deps,
    (db) => db.delete(schedules).where(eq(schedules.id, schedule.id)),
    (temporal) => temporal.delete(schedule),
  );
}

/** The schedule's past runs, the latest first. */
export async function listScheduleRuns(
  db: Database,
  schedule: ScheduleRow,
  limit = 50,
): Promise<ScheduleRunRow[]> {
  return db
    .select()
    .from(scheduleRuns)
    .where(eq(scheduleRuns.scheduleId, schedule.id))
    .orderBy(desc(scheduleRuns.dueAt))
    .limit(limit);
}
