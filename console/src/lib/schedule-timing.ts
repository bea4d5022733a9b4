import type { Schedule } from '@trawl/sdk';

/** The intervals the console offers (the API takes any of at least 5 minutes). */
export const INTERVAL_CHOICES: ReadonlyArray<{ seconds: number; label: string }> = [
  { seconds: 3600, label: 'Every hour' },
  { seconds: 6 * 3600, label: 'Every 6 hours' },
  { seconds: 12 * 3600, label: 'Every 12 hours' },
  { seconds: 86_400, label: 'Every day' },
  { seconds: 7 * 86_400, label: 'Every week' },
];

function formatSeconds(seconds: number): string {
  const units = [
    [604_800, 'week'],
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ] as const;
  for (const [size, unit] of units) {
    if (seconds % size !== 0) continue;
    const n = seconds / size;
    return n === 1 ? `every ${unit}` : `every ${n} ${unit}s`;
  }
  return `every ${seconds} seconds`;
}

/** "every 12 hours", or "cron 0 6 * * 1-5 (Europe/Berlin)". */
export function describeTiming(schedule: Pick<Schedule, 'kind' | 'cron' | 'intervalSeconds' | 'timeZone'>) {
  return schedule.kind === 'cron'
    ? `cron ${schedule.cron} (${schedule.timeZone})`
    : formatSeconds(schedule.intervalSeconds ?? 0);
}

/** The browser's time zone, the default for a cron schedule. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
