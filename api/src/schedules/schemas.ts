import { z } from '@hono/zod-openapi';
import { StartCrawlBodySchema } from '../crawls/schemas.js';
import type { scheduleRuns, schedules } from '../db/schema.js';
import { MIN_INTERVAL_SECONDS, UPCOMING_RUNS, upcomingRuns, type ScheduleTiming } from './timing.js';

export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduleRunRow = typeof scheduleRuns.$inferSelect;

const name = z
  .string({ error: 'Name must be a string' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(100, { error: 'Name must have at most 100 characters' });
const cron = z
  .string({ error: 'Cron must be a string' })
  .trim()
  .min(1, { error: 'Cron is required' })
  .max(100, { error: 'Cron must have at most 100 characters' })
  .openapi({
    description: `Five fields (minute hour day-of-month month day-of-week) or a macro such as \`@daily\`, read in \`timeZone\`. At least ${MIN_INTERVAL_SECONDS / 60} minutes between runs.`,
    example: '0 6 * * 1-5',
  });
const intervalMessage = `Interval must be a whole number of seconds, at least ${MIN_INTERVAL_SECONDS} (5 minutes)`;
const intervalSeconds = z
  .number({ error: intervalMessage })
  .int({ error: intervalMessage })
  .min(MIN_INTERVAL_SECONDS, { error: intervalMessage })
  .max(366 * 86_400, { error: 'Interval must be at most a year' })
  .openapi({ description: 'Seconds between runs.', example: 86_400 });
const timeZone = z
  .string({ error: 'Time zone must be a string' })
  .trim()
  .min(1)
  .max(64)
  .openapi({ description: 'An IANA time zone; cron times are read in it.', example: 'Europe/Berlin' });

export const CreateScheduleBodySchema = z
  .strictObject({
    name: name.optional().openapi({ description: "Defaults to the start URL's host." }),
    crawlId: z.string({ error: 'Crawl ID must be a string' }).min(1).max(100).optional().openapi({
      description: 'Repeat the settings of this crawl (in its project). Give this or `settings`.',
    }),
    settings: StartCrawlBodySchema.optional().openapi({
      description: 'The settings of each run, as `POST /crawls` takes them. Give this or `crawlId`.',
    }),
    cron: cron.optional(),
    intervalSeconds: intervalSeconds.optional(),
    timeZone: timeZone.default('UTC'),
    paused: z.boolean({ error: 'Paused must be a boolean' }).default(false),
  })
  .refine((b) => (b.crawlId === undefined) !== (b.settings === undefined), {
    error: 'Give either crawlId or settings',
    path: ['crawlId'],
  })
  .refine((b) => (b.cron === undefined) !== (b.intervalSeconds === undefined), {
    error: 'Give either cron or intervalSeconds',
    path: ['cron'],
  })
  .openapi('CreateScheduleRequest');
export type CreateScheduleBody = z.infer<typeof CreateScheduleBodySchema>;

export const UpdateScheduleBodySchema = z
  .strictObject({
    name: name.optional(),
    paused: z.boolean({ error: 'Paused must be a boolean' }).optional(),
    cron: cron.optional(),
    intervalSeconds: intervalSeconds.optional(),
    timeZone: timeZone.optional(),
  })
  .refine((b) => !(b.cron !== undefined && b.intervalSeconds !== undefined), {
    error: 'Give cron or intervalSeconds, not both',
    path: ['cron'],
  })
  .openapi('UpdateScheduleRequest', {
    description: 'Pause (`paused: true`), resume, rename or retime; a new cron or interval replaces the old.',
  });
export type UpdateScheduleBody = z.infer<typeof UpdateScheduleBodySchema>;

export const ScheduleSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    name: z.string(),
    sourceCrawlId: z.uuid().nullable().openapi({ description: 'The crawl whose settings it repeats.' }),
    settings: StartCrawlBodySchema.openapi({ description: 'The settings of each run.' }),
    kind: z.enum(['cron', 'interval']),
    cron: z.string().nullable(),
    intervalSeconds: z.number().int().nullable(),
    timeZone: z.string(),
    paused: z.boolean(),
    nextRunAt: z.iso.datetime().nullable().openapi({ description: 'Null while paused.' }),
    lastRunAt: z.iso.datetime().nullable(),
    upcoming: z
      .array(z.iso.datetime())
      .openapi({ description: `The next ${UPCOMING_RUNS} run times; empty while paused.` }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('Schedule');
export type ScheduleDto = z.infer<typeof ScheduleSchema>;

export const ScheduleRunSchema = z
  .object({
    id: z.uuid(),
    scheduleId: z.uuid(),
    dueAt: z.iso.datetime(),
    crawlId: z.uuid().nullable(),
    status: z.enum(['pending', 'started', 'failed']).openapi({
      description: 'pending: claimed, about to start; started: its crawl was started; failed: see `error`.',
    }),
    error: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .openapi('ScheduleRun');

export function timingOf(row: ScheduleRow): ScheduleTiming {
  return row.kind === 'cron'
    ? { kind: 'cron', cron: row.cron!, timeZone: row.timeZone }
    : { kind: 'interval', intervalSeconds: row.intervalSeconds!, timeZone: row.timeZone };
}

export function toScheduleRunDto(row: ScheduleRunRow): z.infer<typeof ScheduleRunSchema> {
  return {
    id: row.id,
    scheduleId: row.scheduleId,
    dueAt: row.dueAt.toISOString(),
    crawlId: row.crawlId,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toScheduleDto(row: ScheduleRow): ScheduleDto {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    sourceCrawlId: row.sourceCrawlId,
    settings: StartCrawlBodySchema.parse(row.settings),
    kind: row.kind,
    cron: row.cron,
    intervalSeconds: row.intervalSeconds,
    timeZone: row.timeZone,
    paused: row.paused,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    upcoming: row.nextRunAt ? upcomingRuns(timingOf(row), row.nextRunAt).map((d) => d.toISOString()) : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
