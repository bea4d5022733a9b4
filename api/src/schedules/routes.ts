import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuthOnce } from '../auth/bearer.js';
import { ProjectHeaderSchema } from '../crawls/schemas.js';
import { validationHook } from '../errors.js';
import { IdParamsSchema, errorResponses, json, memberSecurity } from '../openapi-helpers.js';
import { resolveProjectId } from '../projects/current-project.js';
import {
  CreateScheduleBodySchema,
  ScheduleRunSchema,
  ScheduleSchema,
  UpdateScheduleBodySchema,
  toScheduleDto,
  toScheduleRunDto,
} from './schemas.js';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listScheduleRuns,
  listSchedules,
  updateSchedule,
} from './service.js';

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ tags: ['Schedules'], security: memberSecurity, ...r });

const listSchedulesRoute = route({
  method: 'get',
  path: '/schedules',
  operationId: 'listSchedules',
  summary: 'List schedules',
  description:
    "The schedules of the project (`x-project-id`, else the token's or the team's first), the next to run first.",
  request: { headers: ProjectHeaderSchema },
  responses: {
    200: { description: 'Schedules.', ...json(z.array(ScheduleSchema)) },
    ...errorResponses(401, 403, 404),
  },
});
const createScheduleRoute = route({
  method: 'post',
  path: '/schedules',
  operationId: 'createSchedule',
  summary: 'Schedule a crawl',
  description:
    "Runs a crawl's settings (`crawlId`) or the given `settings` on a cron expression or an interval of at least 5 minutes, in `timeZone`. Each run starts a crawl in the project. Runs missed while no server was up are not replayed: the latest missed one runs once. With crawls on Temporal the schedule is a Temporal Schedule too, and a Temporal that does not answer is a 503 `scheduler_unavailable` that creates nothing.",
  request: { headers: ProjectHeaderSchema, body: { required: true, ...json(CreateScheduleBodySchema) } },
  responses: {
    201: { description: 'The schedule.', ...json(ScheduleSchema) },
    ...errorResponses(400, 401, 403, 404, 503),
  },
});
const getScheduleRoute = route({
  method: 'get',
  path: '/schedules/{id}',
  operationId: 'getSchedule',
  summary: 'Get a schedule',
  request: { params: IdParamsSchema },
  responses: {
    200: { description: 'The schedule, with its upcoming run times.', ...json(ScheduleSchema) },
    ...errorResponses(401, 404),
  },
});
const updateScheduleRoute = route({
  method: 'patch',
  path: '/schedules/{id}',
  operationId: 'updateSchedule',
  summary: 'Pause, resume, rename or retime a schedule',
  request: { params: IdParamsSchema, body: { required: true, ...json(UpdateScheduleBodySchema) } },
  responses: {
    200: { description: 'The schedule.', ...json(ScheduleSchema) },
    ...errorResponses(400, 401, 404, 503),
  },
});
const deleteScheduleRoute = route({
  method: 'delete',
  path: '/schedules/{id}',
  operationId: 'deleteSchedule',
  summary: 'Delete a schedule',
  description: 'No more runs start; the crawls it started are kept.',
  request: { params: IdParamsSchema },
  responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 404, 503) },
});
const listRunsRoute = route({
  method: 'get',
  path: '/schedules/{id}/runs',
  operationId: 'listScheduleRuns',
  summary: "List a schedule's past runs",
  description: 'The latest 50, the latest first; each names the crawl it started.',
  request: { params: IdParamsSchema },
  responses: {
    200: { description: 'Runs.', ...json(z.array(ScheduleRunSchema)) },
    ...errorResponses(401, 404),
  },
});

/** Crawl schedules: settings run again on a cron expression or an interval (SPEC.md: recrawls). */
export function scheduleRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/schedules', '/schedules/*']) app.use(path, requireAuthOnce);

  app.openapi(listSchedulesRoute, async (c) => {
    const { deps, auth } = c.var;
    const projectId = await resolveProjectId(deps.db, auth, c.req.header('x-project-id'));
    const rows = await listSchedules(deps.db, auth, projectId);
    return c.json(rows.map(toScheduleDto), 200);
  });

  app.openapi(createScheduleRoute, async (c) => {
    const { deps, auth } = c.var;
    const projectId = await resolveProjectId(deps.db, auth, c.req.header('x-project-id'));
    const row = await createSchedule(deps, auth, projectId, c.req.valid('json'));
    return c.json(toScheduleDto(row), 201);
  });

  app.openapi(getScheduleRoute, async (c) => {
    const row = await getSchedule(c.var.deps.db, c.var.auth, c.req.valid('param').id);
    return c.json(toScheduleDto(row), 200);
  });

  app.openapi(updateScheduleRoute, async (c) => {
    const { deps, auth } = c.var;
    const row = await updateSchedule(deps, auth, c.req.valid('param').id, c.req.valid('json'));
    return c.json(toScheduleDto(row), 200);
  });

  app.openapi(deleteScheduleRoute, async (c) => {
    await deleteSchedule(c.var.deps, c.var.auth, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(listRunsRoute, async (c) => {
    const { deps, auth } = c.var;
    const schedule = await getSchedule(deps.db, auth, c.req.valid('param').id);
    const rows = await listScheduleRuns(deps.db, schedule);
    return c.json(rows.map(toScheduleRunDto), 200);
  });

  return app;
}
