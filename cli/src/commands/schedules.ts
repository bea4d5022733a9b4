// `trawl schedules list | create | pause | resume | delete | runs`: crawl settings run again on a cron
// expression or an interval, in the project in use.
import type { Command } from 'commander';
import type { Schedule } from '@trawl/sdk';
import { formatDate, formatTable, toJson } from '../output.js';
import type { Session, SessionFactory } from '../session.js';
import { usageError } from '../errors.js';
import { withSpinner } from '../ui/spinner.js';

const EXAMPLES = `
Examples:
  $ trawl schedules list
  $ trawl schedules create <crawlId> --cron "0 6 * * 1-5" --tz Europe/Berlin
  $ trawl schedules create <crawlId> --every 12h --name "Docs twice a day"
  $ trawl schedules pause <scheduleId>
  $ trawl schedules resume <scheduleId>
  $ trawl schedules runs <scheduleId>
  $ trawl schedules delete <scheduleId>   # the crawls it started are kept`;

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `90m`, `12h`, `1d` or plain seconds, as seconds. */
export function parseEvery(value: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) throw usageError(`--every must be a duration such as 30m, 12h or 1d (got "${value}")`);
  return Number(match[1]) * UNITS[match[2] || 's']!;
}

const describeTiming = (s: Schedule): string =>
  s.kind === 'cron' ? `cron ${s.cron} (${s.timeZone})` : `every ${formatSeconds(s.intervalSeconds ?? 0)}`;

function formatSeconds(seconds: number): string {
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const)
    if (seconds % size === 0) return `${seconds / size}${unit}`;
  return `${seconds}s`;
}

export function registerSchedules(program: Command, sessionFor: SessionFactory): void {
  const schedules = program
    .command('schedules')
    .description('run a crawl again on a schedule: list, create, pause, resume, delete')
    .addHelpText('after', EXAMPLES);
  schedules
    .command('list')
    .description("list the project's schedules with their next run")
    .action((_options: unknown, command: Command) => listSchedules(sessionFor(command)));
  schedules
    .command('create')
    .description("schedule a crawl's settings on a cron expression or an interval")
    .argument('<crawlId>', 'the crawl whose settings each run repeats')
    .option('--cron <expression>', 'five fields: minute hour day-of-month month day-of-week')
    .option('--every <duration>', 'an interval such as 30m, 12h or 1d (at least 5m)')
    .option('--tz <timeZone>', 'the time zone cron times are read in', 'UTC')
    .option('--name <name>', "the schedule's name (default: the start URL's host)")
    .action(
      async (
        crawlId: string,
        options: { cron?: string; every?: string; tz: string; name?: string },
        command: Command,
      ) => {
        if (Boolean(options.cron) === Boolean(options.every))
          throw usageError('Give either --cron or --every');
        const timing = options.cron
          ? { cron: options.cron }
          : { intervalSeconds: parseEvery(options.every!) };
        const session = sessionFor(command);
        const schedule = await withSpinner(session, 'Creating the schedule', () =>
          session.client().schedules.create({
            crawlId,
            ...timing,
            timeZone: options.tz,
            ...(options.name ? { name: options.name } : {}),
          }),
        );
        if (session.json) return session.print(toJson(schedule));
        session.print(`Schedule created: ${schedule.name} (${schedule.id}), ${describeTiming(schedule)}`);
        session.print(`Next run: ${formatDate(schedule.nextRunAt)}`);
      },
    );
  for (const [verb, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const)
    schedules
      .command(verb)
      .description(paused ? 'stop a schedule from running' : 'run a paused schedule again')
      .argument('<scheduleId>', 'the schedule, from `trawl schedules list`')
      .action(async (id: string, _options: unknown, command: Command) => {
        const session = sessionFor(command);
        const schedule = await withSpinner(session, paused ? 'Pausing' : 'Resuming', () =>
          session.client().schedules.update(id, { paused }),
        );
        if (session.json) return session.print(toJson(schedule));
        session.print(
          paused
            ? `Schedule paused: ${schedule.name} (${schedule.id})`
            : `Schedule resumed: ${schedule.name} (${schedule.id}); next run ${formatDate(schedule.nextRunAt)}`,
        );
      });
  schedules
    .command('delete')
    .description('delete a schedule; the crawls it started are kept')
    .argument('<scheduleId>', 'the schedule, from `trawl schedules list`')
    .action(async (id: string, _options: unknown, command: Command) => {
      const session = sessionFor(command);
      await withSpinner(session, 'Deleting the schedule', () => session.client().schedules.delete(id));
      if (session.json) return session.print(toJson({ id, deleted: true }));
      session.print(`Schedule deleted: ${id}`);
    });
  schedules
    .command('runs')
    .description("list a schedule's past runs and the crawls they started")
    .argument('<scheduleId>', 'the schedule, from `trawl schedules list`')
    .action(async (id: string, _options: unknown, command: Command) => {
      const session = sessionFor(command);
      const runs = await withSpinner(session, 'Listing runs', () => session.client().schedules.runs(id));
      if (session.json) return session.print(toJson(runs));
      if (runs.length === 0) return session.print('No runs yet.');
      const rows = runs.map((r) => [formatDate(r.dueAt), r.status, r.crawlId ?? r.error ?? '-']);
      printTable(session, [{ header: 'DUE' }, { header: 'STATUS' }, { header: 'CRAWL', shrink: true }], rows);
    });
}

function printTable(
  session: Session,
  columns: Array<{ header: string; shrink?: boolean }>,
  rows: string[][],
) {
  const maxWidth = session.stdout.isTTY ? session.stdout.columns : undefined;
  for (const line of formatTable(columns, rows, { maxWidth, paint: session.paint })) session.print(line);
}

async function listSchedules(session: Session): Promise<void> {
  const schedules = await withSpinner(session, 'Listing schedules', () => session.client().schedules.list());
  if (session.json) return session.print(toJson(schedules));
  if (schedules.length === 0)
    return session.print('No schedules. Create one with: trawl schedules create <crawlId> --every 1d');
  const rows = schedules.map((s) => [
    s.id,
    s.name,
    describeTiming(s),
    s.paused ? 'paused' : formatDate(s.nextRunAt),
  ]);
  printTable(
    session,
    [{ header: 'ID' }, { header: 'NAME', shrink: true }, { header: 'WHEN' }, { header: 'NEXT RUN' }],
    rows,
  );
}
