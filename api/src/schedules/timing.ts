import { CronExpressionParser } from 'cron-parser';

/** When a schedule runs: a five-field cron expression read in a time zone, or a fixed interval. */
export type ScheduleTiming =
  | { kind: 'cron'; cron: string; timeZone: string }
  | { kind: 'interval'; intervalSeconds: number; timeZone: string };

/** The shortest time between two runs of a schedule, cron or interval (5 minutes). */
export const MIN_INTERVAL_SECONDS = 300;
/** How many upcoming run times a schedule lists. */
export const UPCOMING_RUNS = 5;

/** True when the IANA time zone is known to this runtime (`Europe/Berlin`, `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Why a cron expression cannot be used, or null when it can: it must have five fields (minute hour day
 * month weekday, or a macro like `@daily`) and leave at least MIN_INTERVAL_SECONDS between runs.
 */
export function cronProblem(cron: string, timeZone: string): string | null {
  const fields = cron.trim().split(/\s+/);
  if (!cron.trim().startsWith('@') && fields.length !== 5)
    return 'Cron must have five fields: minute hour day-of-month month day-of-week';
  let runs: Date[];
  try {
    runs = CronExpressionParser.parse(cron.trim(), { tz: timeZone, strict: false })
      .take(UPCOMING_RUNS + 1)
      .map((d) => d.toDate());
  } catch (err: unknown) {
    return `Cron is not valid: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (runs.length === 0) return 'Cron never runs';
  for (let i = 1; i < runs.length; i++)
    if (runs[i]!.getTime() - runs[i - 1]!.getTime() < MIN_INTERVAL_SECONDS * 1000)
      return `Cron must leave at least ${MIN_INTERVAL_SECONDS / 60} minutes between runs`;
  return null;
}

/** The first run time strictly after `after`. */
export function nextRunAfter(timing: ScheduleTiming, after: Date): Date {
  if (timing.kind === 'interval') return new Date(after.getTime() + timing.intervalSeconds * 1000);
  return CronExpressionParser.parse(timing.cron, { tz: timing.timeZone, currentDate: after }).next().toDate();
}

/**
 * The run a scheduler claims at `now` for a schedule due at `nextRunAt` (<= now), and the next run time after
 * it. Runs missed while no server was up are not replayed as a burst: only the latest missed due time runs.
 */
export function claimTimes(
  timing: ScheduleTiming,
  nextRunAt: Date,
  now: Date,
): { dueAt: Date; nextRunAt: Date } {
  if (timing.kind === 'interval') {
    const step = timing.intervalSeconds * 1000;
    const missed = Math.floor((now.getTime() - nextRunAt.getTime()) / step);
    const dueAt = new Date(nextRunAt.getTime() + Math.max(0, missed) * step);
    return { dueAt, nextRunAt: new Date(dueAt.getTime() + step) };
  }
  // The latest cron time at or before now (prev() looks strictly before its current date).
  const latest = CronExpressionParser.parse(timing.cron, {
    tz: timing.timeZone,
    currentDate: new Date(now.getTime() + 1),
  })
    .prev()
    .toDate();
  const dueAt = latest.getTime() > nextRunAt.getTime() ? latest : nextRunAt;
  return { dueAt, nextRunAt: nextRunAfter(timing, now) };
}

/** The next `count` run times from `from` on, `from` included when it is itself a run time. */
export function upcomingRuns(timing: ScheduleTiming, from: Date, count = UPCOMING_RUNS): Date[] {
  const runs = [from];
  while (runs.length < count) runs.push(nextRunAfter(timing, runs[runs.length - 1]!));
  return runs;
}
