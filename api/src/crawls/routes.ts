import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuth } from '../auth/bearer.js';
import { validationHook } from '../errors.js';
import { bearerSecurity, errorResponses, json, pageOf } from '../openapi-helpers.js';
import { resolveProjectFilter, resolveProjectId } from '../projects/current-project.js';
import {
  CrawlIdParamsSchema,
  CrawlLogPageSchema,
  CrawlOptionsSchema,
  CrawlPageSchema,
  CrawlResultPageSchema,
  CrawlSchema,
  LogsQuerySchema,
  ProjectHeaderSchema,
  QueryCrawlsBodySchema,
  ResultsQuerySchema,
  StartCrawlBodySchema,
} from './schemas.js';
import { CSV_COLUMNS, csvResponse } from './csv.js';
import {
  CrawlEventsQuerySchema,
  CrawlStreamEventSchema,
  LastEventIdHeaderSchema,
} from '../events/schemas.js';
import { streamCrawlEvents } from '../events/sse.js';
import { toCrawlDto, toCrawlLogDto, toCrawlResultDto } from './serialize.js';
import { startCrawlInSeries } from '../changes/service.js';
import { abortCrawl, getCrawl, listCrawlLogs, listCrawlResults, listCrawls } from './service.js';

const tags = ['Crawls'];

const startCrawlRoute = createRoute({
  method: 'post',
  path: '/crawls',
  operationId: 'startCrawl',
  summary: 'Start a crawl',
  description:
    'Starts crawling from `startUrl` with the given settings; every setting but `startUrl` has a default. The crawl runs in the background: poll `GET /crawls/{id}` or watch its events.',
  tags,
  security: bearerSecurity,
  request: { headers: ProjectHeaderSchema, body: { required: true, ...json(StartCrawlBodySchema) } },
  responses: {
    201: { description: 'The crawl, running.', ...json(CrawlSchema) },
    ...errorResponses(400, 401, 402, 403, 404),
  },
});

const getCrawlRoute = createRoute({
  method: 'get',
  path: '/crawls/{id}',
  operationId: 'getCrawl',
  summary: 'Get a crawl',
  tags,
  security: bearerSecurity,
  request: { params: CrawlIdParamsSchema },
  responses: { 200: { description: 'The crawl.', ...json(CrawlSchema) }, ...errorResponses(401, 404) },
});

const queryCrawlsRoute = createRoute({
  method: 'post',
  path: '/crawls/query',
  operationId: 'queryCrawls',
  summary: 'List crawls',
  description:
    'Newest first, 0-based pages. Narrowed to the `x-project-id` project when that header is sent.',
  tags,
  security: bearerSecurity,
  request: { headers: ProjectHeaderSchema, body: { required: false, ...json(QueryCrawlsBodySchema) } },
  responses: {
    200: { description: 'One page of crawls.', ...json(CrawlPageSchema) },
    ...errorResponses(400, 401, 404),
  },
});

const abortCrawlRoute = createRoute({
  method: 'delete',
  path: '/crawls/{id}',
  operationId: 'abortCrawl',
  summary: 'Abort a crawl',
  description: 'Stops a running crawl at once and returns it with status `aborted`; results so far are kept.',
  tags,
  security: bearerSecurity,
  request: { params: CrawlIdParamsSchema },
  responses: {
    200: { description: 'The aborted crawl.', ...json(CrawlSchema) },
    ...errorResponses(401, 404, 409),
  },
});

const listResultsRoute = createRoute({
  method: 'get',
  path: '/crawls/{id}/crawl-results',
  operationId: 'listCrawlResults',
  summary: "List a crawl's results",
  description: 'Results in the order they were stored, 0-based pages.',
  tags,
  security: bearerSecurity,
  request: { params: CrawlIdParamsSchema, query: ResultsQuerySchema },
  responses: {
    200: { description: 'One page of results.', ...json(CrawlResultPageSchema) },
    ...errorResponses(400, 401, 404),
  },
});

const listLogsRoute = createRoute({
  method: 'get',
  path: '/crawls/{id}/crawl-logs',
  operationId: 'listCrawlLogs',
  summary: "List a crawl's logs",
  description:
    'What the crawl did, oldest first, 0-based pages: its settings, pages fetched and skipped, errors, and why it stopped.',
  tags,
  security: bearerSecurity,
  request: { params: CrawlIdParamsSchema, query: LogsQuerySchema },
  responses: {
    200: { description: 'One page of log lines.', ...json(CrawlLogPageSchema) },
    ...errorResponses(400, 401, 404),
  },
});

const downloadCsvRoute = createRoute({
  method: 'get',
  path: '/crawls/{id}/crawl-results/csv',
  operationId: 'downloadCrawlResultsCsv',
  summary: "Download a crawl's results as CSV",
  description: `Every result, one row each, with the columns ${CSV_COLUMNS.join(', ')}. Saved as crawl-results-{id}.csv.`,
  tags,
  security: bearerSecurity,
  request: { params: CrawlIdParamsSchema },
  responses: {
    200: { description: 'RFC 4180 CSV with a header row.', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(401, 404),
  },
});

const watchCrawlRoute = createRoute({
  method: 'get',
  path: '/crawls/{id}/events',
  operationId: 'watchCrawl',
  summary: "Watch a crawl's events",
  description: [
    'Server-Sent Events: every event of the crawl in commit order (from the start, or after `Last-Event-ID`), then new ones live.',
    'Each message has `id` (the event id), `event` (its type) and `data` (the event as JSON). When the crawl has ended and all',
    'is sent, an `end` event closes the stream; a stream closed without one was cut, and reconnecting with `Last-Event-ID`',
    'resumes with no event lost or repeated. Comment lines keep quiet streams alive.',
  ].join(' '),
  tags,
  security: bearerSecurity,
  request: { params: CrawlIdParamsSchema, query: CrawlEventsQuerySchema, headers: LastEventIdHeaderSchema },
  responses: {
    200: {
      description: "A `text/event-stream` of the crawl's events.",
      content: { 'text/event-stream': { schema: CrawlStreamEventSchema } },
    },
    ...errorResponses(400, 401, 404),
  },
});

const crawlOptionsRoute = createRoute({
  method: 'get',
  path: '/crawl-options',
  operationId: 'getCrawlOptions',
  summary: 'Server crawl options',
  description: 'What this server offers crawls, such as the fixed address static-IP crawls come from.',
  tags,
  security: bearerSecurity,
  responses: { 200: { description: 'The options.', ...json(CrawlOptionsSchema) }, ...errorResponses(401) },
});

/** The documented public API of SPEC.md section 7, authenticated with bearer API tokens. */
export function crawlRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/crawls', requireAuth);
  app.use('/crawls/*', requireAuth);
  app.use('/crawl-options', requireAuth);

  app.openapi(startCrawlRoute, async (c) => {
    const { deps, auth } = c.var;
    const projectId = await resolveProjectId(deps.db, auth, c.req.header('x-project-id'));
    const crawl = await startCrawlInSeries(deps, auth, projectId, c.req.valid('json'));
    return c.json(toCrawlDto(crawl), 201);
  });

  app.openapi(queryCrawlsRoute, async (c) => {
    const { deps, auth } = c.var;
    // The body is optional; without one the validator yields nothing and the defaults apply here.
    const body = QueryCrawlsBodySchema.parse(c.req.valid('json') ?? {});
    const projectId = await resolveProjectFilter(deps.db, auth, c.req.header('x-project-id'));
    const { rows, totalResults } = await listCrawls(deps.db, auth, { projectId, ...body });
    return c.json(pageOf(rows.map(toCrawlDto), body.page, body.limit, totalResults), 200);
  });

  app.openapi(getCrawlRoute, async (c) => {
    const crawl = await getCrawl(c.var.deps.db, c.var.auth, c.req.valid('param').id);
    return c.json(toCrawlDto(crawl), 200);
  });

  app.openapi(abortCrawlRoute, async (c) => {
    const crawl = await abortCrawl(c.var.deps, c.var.auth, c.req.valid('param').id);
    return c.json(toCrawlDto(crawl), 200);
  });

  app.openapi(listResultsRoute, async (c) => {
    const { deps, auth } = c.var;
    const crawl = await getCrawl(deps.db, auth, c.req.valid('param').id);
    const { page, limit, query, changeStatus } = c.req.valid('query');
    const { rows, totalResults } = await listCrawlResults(deps.db, crawl, {
      page,
      limit,
      query,
      changeStatus,
    });
    return c.json(pageOf(rows.map(toCrawlResultDto), page, limit, totalResults), 200);
  });

  app.openapi(listLogsRoute, async (c) => {
    const { deps, auth } = c.var;
    const crawl = await getCrawl(deps.db, auth, c.req.valid('param').id);
    const { page, limit } = c.req.valid('query');
    const { rows, totalResults } = await listCrawlLogs(deps.db, crawl, { page, limit });
    return c.json(pageOf(rows.map(toCrawlLogDto), page, limit, totalResults), 200);
  });

  app.openapi(downloadCsvRoute, async (c) => {
    const { deps, auth } = c.var;
    const crawl = await getCrawl(deps.db, auth, c.req.valid('param').id);
    return csvResponse(c, deps.db, crawl.id);
  });

  app.openapi(watchCrawlRoute, async (c) => {
    const { deps, auth } = c.var;
    const crawl = await getCrawl(deps.db, auth, c.req.valid('param').id);
    const { includeMarkdown, lastEventId } = c.req.valid('query');
    const after = Number(c.req.valid('header')['last-event-id'] ?? lastEventId ?? 0);
    // The stream's messages are the documented schema; the route's typed response cannot express a stream.
    return streamCrawlEvents(c, crawl, { after, includeMarkdown }) as never;
  });

  app.openapi(crawlOptionsRoute, (c) =>
    c.json({ staticIp: c.var.deps.config.staticIp?.address ?? null }, 200),
  );

  return app;
}
