import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuthOnce } from '../auth/bearer.js';
import { CrawlSchema } from '../crawls/schemas.js';
import { toCrawlDto } from '../crawls/serialize.js';
import { validationHook } from '../errors.js';
import { IdParamsSchema, errorResponses, json, memberSecurity } from '../openapi-helpers.js';
import { RecrawlBodySchema } from './schemas.js';
import { recrawl } from './service.js';

const recrawlRoute = createRoute({
  method: 'post',
  path: '/crawls/{id}/recrawl',
  operationId: 'recrawl',
  summary: 'Recrawl what changed',
  description:
    'Starts the crawl again with its settings. With `changes` (the default) the new crawl is compared with this one: each result gets a `changeStatus` (new, changed, unchanged, removed), a changed page a `diff`, the crawl its `changes` counts once it ends; pages are fetched with conditional requests, and unchanged pages use no usage units. The series is filed in a folder named "<host> history".',
  tags: ['Crawls'],
  security: memberSecurity,
  request: { params: IdParamsSchema, body: { required: false, ...json(RecrawlBodySchema) } },
  responses: {
    201: { description: 'The new crawl, running.', ...json(CrawlSchema) },
    ...errorResponses(400, 401, 402, 404),
  },
});

/** Recrawls: a crawl repeated and compared with the one before (issue #16). */
export function changeRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/crawls/*', requireAuthOnce);

  app.openapi(recrawlRoute, async (c) => {
    const { deps, auth } = c.var;
    // The body is optional; without one the validator yields nothing and the default applies here.
    const { changes } = RecrawlBodySchema.parse(c.req.valid('json') ?? {});
    const crawl = await recrawl(deps, auth, c.req.valid('param').id, { changes });
    return c.json(toCrawlDto(crawl), 201);
  });

  return app;
}
