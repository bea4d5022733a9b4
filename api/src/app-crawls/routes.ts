import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuth } from '../auth/bearer.js';
import {
  CrawlIdParamsSchema,
  CrawlLogPageSchema,
  CrawlSchema,
  LogsQuerySchema,
  ProjectHeaderSchema,
} from '../crawls/schemas.js';
import { toCrawlDto, toCrawlLogDto } from '../crawls/serialize.js';
import { startCrawlInSeries } from '../changes/service.js';
import { abortCrawl, getCrawl, listCrawlLogs, listCrawls } from '../crawls/service.js';
import { validationHook } from '../errors.js';
import { errorResponses, json, memberSecurity, pageOf } from '../openapi-helpers.js';
import { resolveProjectFilter, resolveProjectId } from '../projects/current-project.js';
import {
  AppCrawlPageSchema,
  AppCrawlSearchQuerySchema,
  AppCrawlsQuerySchema,
  AppStartCrawlBodySchema,
  DashboardSchema,
} from './schemas.js';
import { getDashboard } from './service.js';

const tags = ['Crawls'];
// Per route, not `app.use('/app/crawls/*')`: the public try-out shares the prefix and needs no credentials.
const middleware = requireAuth;
const alias = (canonical: string) => `The web app's path for \`${canonical}\`; the same behaviour.`;

const listRoute = createRoute({
  method: 'get',
  path: '/app/crawls',
  operationId: 'listAppCrawls',
  summary: 'List crawls (web app)',
  description: `${alias('POST /crawls/query')} Newest first, 1-based pages of 15 by default, narrowed to the \`x-project-id\` project when sent.`,
  tags,
  security: memberSecurity,
  middleware,
  request: { headers: ProjectHeaderSchema, query: AppCrawlsQuerySchema },
  responses: {
    200: { description: 'One page of crawls.', ...json(AppCrawlPageSchema) },
    ...errorResponses(400, 401, 404),
  },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/app/crawls/search',
  operationId: 'searchAppCrawls',
  summary: 'Search crawls by start URL or crawl ID',
  description:
    'Crawls whose start URL contains `query`, or whose ID is `query`; newest first, 1-based pages (Home asks for page 1, limit 15). A blank query is a 400.',
  tags,
  security: memberSecurity,
  middleware,
  request: { headers: ProjectHeaderSchema, query: AppCrawlSearchQuerySchema },
  responses: {
    200: { description: 'One page of matching crawls.', ...json(AppCrawlPageSchema) },
    ...errorResponses(400, 401, 404),
  },
});

const dashboardRoute = createRoute({
  method: 'get',
  path: '/app/crawls/dashboard',
  operationId: 'getDashboard',
  summary: "The current project's last 30 days",
  description:
    'Of the crawls created in the last 30 days in the current project (`x-project-id`, else the default): how many succeeded (or timed out), how many failed (or ended in error), and how many results they stored.',
  tags,
  security: memberSecurity,
  middleware,
  request: { headers: ProjectHeaderSchema },
  responses: {
    200: { description: 'The dashboard.', ...json(DashboardSchema) },
    ...errorResponses(401, 404),
  },
});

const startRoute = createRoute({
  method: 'post',
  path: '/app/crawls',
  operationId: 'startAppCrawl',
  summary: 'Start a crawl (web app)',
  description: `${alias('POST /crawls')} The body may also name \`projectId\` (instead of \`x-project-id\`) and \`origin\`.`,
  tags,
  security: memberSecurity,
  middleware,
  request: { headers: ProjectHeaderSchema, body: { required: true, ...json(AppStartCrawlBodySchema) } },
  responses: {
    201: { description: 'The crawl, running.', ...json(CrawlSchema) },
    ...errorResponses(400, 401, 403, 404),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/app/crawls/{id}',
  operationId: 'getAppCrawl',
  summary: 'Get a crawl (web app)',
  description: alias('GET /crawls/{id}'),
  tags,
  security: memberSecurity,
  middleware,
  request: { params: CrawlIdParamsSchema },
  responses: { 200: { description: 'The crawl.', ...json(CrawlSchema) }, ...errorResponses(401, 404) },
});

const abortRoute = createRoute({
  method: 'patch',
  path: '/app/crawls/{id}/abort',
  operationId: 'abortAppCrawl',
  summary: 'Abort a crawl (web app)',
  description: alias('DELETE /crawls/{id}'),
  tags,
  security: memberSecurity,
  middleware,
  request: { params: CrawlIdParamsSchema },
  responses: {
    200: { description: 'The aborted crawl.', ...json(CrawlSchema) },
    ...errorResponses(401, 404, 409),
  },
});

const logsRoute = createRoute({
  method: 'get',
  path: '/app/crawl-logs/{id}',
  operationId: 'listAppCrawlLogs',
  summary: "List a crawl's logs (web app)",
  description: `${alias('GET /crawls/{id}/crawl-logs')} Oldest first, 0-based pages.`,
  tags,
  security: memberSecurity,
  middleware,
  request: { params: CrawlIdParamsSchema, query: LogsQuerySchema },
  responses: {
    200: { description: 'One page of log lines.', ...json(CrawlLogPageSchema) },
    ...errorResponses(400, 401, 404),
  },
});

/** The web app's crawl calls of SPEC.md section 7 (`app/crawls...`, `app/crawl-logs/{id}`). */
export function appCrawlRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
    const { deps, auth } = c.var;
    const { page, limit } = c.req.valid('query');
    const projectId = await resolveProjectFilter(deps.db, auth, c.req.header('x-project-id'));
    const { rows, totalResults } = await listCrawls(deps.db, auth, { projectId, page: page - 1, limit });
    return c.json(pageOf(rows.map(toCrawlDto), page, limit, totalResults), 200);
  });

  // Before `/app/crawls/{id}`, which would take "search" and "dashboard" for ids.
  app.openapi(searchRoute, async (c) => {
    const { deps, auth } = c.var;
    const { page, limit, query } = c.req.valid('query');
    const projectId = await resolveProjectFilter(deps.db, auth, c.req.header('x-project-id'));
    const { rows, totalResults } = await listCrawls(deps.db, auth, {
      projectId,
      page: page - 1,
      limit,
      query,
    });
    return c.json(pageOf(rows.map(toCrawlDto), page, limit, totalResults), 200);
  });

  app.openapi(dashboardRoute, async (c) => {
    const { deps, auth } = c.var;
    const projectId = await resolveProjectId(deps.db, auth, c.req.header('x-project-id'));
    return c.json(await getDashboard(deps.db, auth, projectId), 200);
  });

  app.openapi(startRoute, async (c) => {
    const { deps, auth } = c.var;
    const { origin: _origin, projectId: requested, ...settings } = c.req.valid('json');
    const projectId = await resolveProjectId(deps.db, auth, requested ?? c.req.header('x-project-id'));
    const crawl = await startCrawlInSeries(deps, auth, projectId, settings);
    return c.json(toCrawlDto(crawl), 201);
  });

  app.openapi(getRoute, async (c) => {
    const crawl = await getCrawl(c.var.deps.db, c.var.auth, c.req.valid('param').id);
    return c.json(toCrawlDto(crawl), 200);
  });

  app.openapi(abortRoute, async (c) => {
    const crawl = await abortCrawl(c.var.deps, c.var.auth, c.req.valid('param').id);
    return c.json(toCrawlDto(crawl), 200);
  });

  app.openapi(logsRoute, async (c) => {
    const { deps, auth } = c.var;
    const crawl = await getCrawl(deps.db, auth, c.req.valid('param').id);
    const { page, limit } = c.req.valid('query');
    const { rows, totalResults } = await listCrawlLogs(deps.db, crawl, { page, limit });
    return c.json(pageOf(rows.map(toCrawlLogDto), page, limit, totalResults), 200);
  });

  return app;
}
