// Crawl schedules: the typed methods over the generated functions.
import type { RequestOptions } from './client.js';
import type { Caller } from './call.js';
import type { Client } from './gen/client/index.js';
import * as api from './gen/sdk.gen.js';
import type { CreateScheduleRequest, Schedule, ScheduleRun, UpdateScheduleRequest } from './gen/types.gen.js';

/** Crawl settings run again on a cron expression or an interval, in a project (the client's `projectId`). */
export interface SchedulesApi {
  /** The project's schedules, the next to run first; each lists its `upcoming` run times. */
  list(options?: RequestOptions): Promise<Schedule[]>;
  get(id: string, options?: RequestOptions): Promise<Schedule>;
  /**
   * Schedules a crawl's settings (`crawlId`) or given `settings`, on `cron` (five fields, in `timeZone`) or
   * `intervalSeconds` (at least 300).
   * @example
   * await trawl.schedules.create({ crawlId: crawl.id, cron: '0 6 * * *', timeZone: 'Europe/Berlin' });
   */
  create(body: CreateScheduleRequest, options?: RequestOptions): Promise<Schedule>;
  /**
   * Pauses, resumes, renames or retimes.
   * @example
   * await trawl.schedules.update(schedule.id, { paused: true });
   */
  update(id: string, body: UpdateScheduleRequest, options?: RequestOptions): Promise<Schedule>;
  /** Deletes a schedule; the crawls it started are kept. */
  delete(id: string, options?: RequestOptions): Promise<void>;
  /** The latest 50 runs, the latest first, each with the crawl it started. */
  runs(id: string, options?: RequestOptions): Promise<ScheduleRun[]>;
}

export function createSchedulesApi(raw: Client, call: Caller): SchedulesApi {
  return {
    list: (o) => call((signal) => api.listSchedules({ client: raw, signal }), o?.signal),
    get: (id, o) => call((signal) => api.getSchedule({ client: raw, path: { id }, signal }), o?.signal),
    create: (body, o) => call((signal) => api.createSchedule({ client: raw, body, signal }), o?.signal),
    update: (id, body, o) =>
      call((signal) => api.updateSchedule({ client: raw, path: { id }, body, signal }), o?.signal),
    delete: async (id, o) => {
      await call((signal) => api.deleteSchedule({ client: raw, path: { id }, signal }), o?.signal);
    },
    runs: (id, o) => call((signal) => api.listScheduleRuns({ client: raw, path: { id }, signal }), o?.signal),
  };
}
