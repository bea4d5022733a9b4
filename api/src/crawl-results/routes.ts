import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuth } from '../auth/bearer.js';
import { CSV_COLUMNS, csvResponse } from '../crawls/csv.js';
import { CrawlIdParamsSchema, CrawlResultPageSchema, ResultsQuerySchema } from '../crawls/schemas.js';
import { toCrawlResultDto } from '../crawls/serialize.js';
import { getCrawl, listCrawlResults } from '../crawls/service.js';
import { validationHook } from '../errors.js';
import { IdParamsSchema, errorResponses, json, memberSecurity, pageOf } from '../openapi-helpers.js';
import { deleteCrawlResult } from './service.js';

const tags = ['Crawls'];
// Per route: `/crawl-results/public/*` (the try-out) shares the prefix and needs no credentials.
const middleware = requireAuth;

const deleteRoute = createRoute({
  method: 'delete',
  path: '/crawl-results/{id}',
  operationId: 'deleteCrawlResult',
  summary: 'Delete a crawl result',
  description:
    "Deletes one result of an ended crawl. The crawl's `numberOfResults` goes down by one; the other results keep their `position` (a gap is left), and search no longer finds it. While the crawl runs, 409 `crawl_running`.",
  tags,
  security: memberSecurity,
  middleware,
  request: { params: IdParamsSchema },
  responses: {
    204: { description: 'Deleted.' },
    ...errorResponses(401, 404, 409),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/crawl-results/app/{id}',
  operationId: 'listAppCrawlResults',
  summary: "List a crawl's results (web app)",
  description:
    "The web app's path for `GET /crawls/{id}/crawl-results`; the same behaviour. In stored order, 0-based pages.",
  tags,
  security: memberSecurity,
  middleware,
  request: { params: CrawlIdParamsSchema, query: ResultsQuerySchema },
  responses: {
    200: { description: 'One page of results.', ...json(CrawlResultPageSchema) },
    ...errorResponses(400, 401, 404),
  },
});

const csvRoute = createRoute({
  method: 'get',
  path: '/crawl-results/app/{id}/download-csv',
  operationId: 'downloadAppCrawlResultsCsv',
  summary: "Download a crawl's results as CSV (web app)",
  description: `The web app's path for \`GET /crawls/{id}/crawl-results/csv\`. Columns ${CSV_COLUMNS.join(', ')}; saved as crawl-results-{id}.csv.`,
  tags,
  security: memberSecurity,
  middleware,
  request: { params: CrawlIdParamsSchema },
  responses: {
    200: { description: 'RFC 4180 CSV with a header row.', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(401, 404),
  },
});

/** Deleting a result, and the web app's result paths of SPEC.md section 7. */
export function crawlResultRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listRoute, async (c) => {
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

  app.openapi(csvRoute, async (c) => {
    const { deps, auth } = c.var;
    const crawl = await getCrawl(deps.db, auth, c.req.valid('param').id);
    return csvResponse(c, deps.db, crawl.id) as never;
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteCrawlResult(c.var.deps.db, c.var.auth, c.req.valid('param').id);
    return c.body(null, 204);
  });

  return app;
}
