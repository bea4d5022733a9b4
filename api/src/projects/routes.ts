import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuth } from '../auth/bearer.js';
import { validationHook } from '../errors.js';
import { IdParamsSchema, errorResponses, json, memberSecurity } from '../openapi-helpers.js';
import { ProjectBodySchema, ProjectSchema, toProjectDto } from './schemas.js';
import { createProject, deleteProject, listProjects, renameProject } from './service.js';

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ tags: ['Teams'], security: memberSecurity, ...r });

const listProjectsRoute = route({
  method: 'get',
  path: '/teams/projects',
  operationId: 'listProjects',
  summary: 'List projects',
  description: "The caller's team's projects that are not deleted, oldest first.",
  responses: { 200: { description: 'Projects.', ...json(z.array(ProjectSchema)) }, ...errorResponses(401) },
});
const createProjectRoute = route({
  method: 'post',
  path: '/teams/projects',
  operationId: 'createProject',
  summary: 'Create a project',
  description: 'The title is trimmed and lowercased.',
  request: { body: { required: true, ...json(ProjectBodySchema) } },
  responses: {
    201: { description: 'The project.', ...json(ProjectSchema) },
    ...errorResponses(400, 401, 403),
  },
});
const renameProjectRoute = route({
  method: 'patch',
  path: '/teams/projects/{id}',
  operationId: 'renameProject',
  summary: 'Rename a project',
  request: { params: IdParamsSchema, body: { required: true, ...json(ProjectBodySchema) } },
  responses: {
    200: { description: 'The project.', ...json(ProjectSchema) },
    ...errorResponses(400, 401, 403, 404),
  },
});
const deleteProjectRoute = route({
  method: 'delete',
  path: '/teams/projects/{id}',
  operationId: 'deleteProject',
  summary: 'Delete a project',
  description:
    'A soft delete: the project disappears from lists and cannot be selected; its crawls are kept. The last project of a team cannot be deleted.',
  request: { params: IdParamsSchema },
  responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 403, 404, 409) },
});

/**
 * A team's projects (SPEC.md section 7, Teams and projects). Mounted before the team routes, so that
 * `/teams/projects` is never taken for the team id of `/teams/{id}`.
 */
export function projectRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/teams/projects', '/teams/projects/*']) app.use(path, requireAuth);

  app.openapi(listProjectsRoute, async (c) => {
    const rows = await listProjects(c.var.deps.db, c.var.auth);
    return c.json(rows.map(toProjectDto), 200);
  });

  app.openapi(createProjectRoute, async (c) => {
    const { deps, auth } = c.var;
    const row = await createProject(deps.db, auth, c.req.valid('json').title);
    return c.json(toProjectDto(row), 201);
  });

  app.openapi(renameProjectRoute, async (c) => {
    const { deps, auth } = c.var;
    const row = await renameProject(deps.db, auth, c.req.valid('param').id, c.req.valid('json').title);
    return c.json(toProjectDto(row), 200);
  });

  app.openapi(deleteProjectRoute, async (c) => {
    const { deps, auth } = c.var;
    await deleteProject(deps.db, auth, c.req.valid('param').id);
    return c.body(null, 204);
  });

  return app;
}
