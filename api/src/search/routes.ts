import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuth } from '../auth/bearer.js';
import { toCrawlResultDto } from '../crawls/serialize.js';
import { getCrawl } from '../crawls/service.js';
import { validationHook } from '../errors.js';
import { errorResponses, json, memberSecurity } from '../openapi-helpers.js';
import {
  CrawlResultSearchSchema,
  SearchCrawlResultsBodySchema,
  SearchHistoryBodySchema,
  SearchHistorySchema,
  SearchParamsSchema,
} from './schemas.js';
import { recordSearch, requireUser, searchCrawlResults } from './service.js';

const tags = ['Crawls'];

const searchCrawlResultsRoute = createRoute({
  method: 'post',
  path: '/search/crawl-results/{crawlId}',
  operationId: 'searchCrawlResults',
  summary: "Search a crawl's results",
  description:
    "Full-text search over the crawl's results (title, and the first 100000 characters of markdown), most relevant first, each with a highlighted snippet. A blank query is a 400.",
  tags,
  security: memberSecurity,
  request: { params: SearchParamsSchema, body: { required: true, ...json(SearchCrawlResultsBodySchema) } },
  responses: {
    200: {
      description: 'One page of matching results, and how many match in all.',
      ...json(CrawlResultSearchSchema),
    },
    ...errorResponses(400, 401, 404),
  },
});

const searchHistoryRoute = createRoute({
  method: 'post',
  path: '/search/user-search-history',
  operationId: 'recordSearchHistory',
  summary: 'Record a search and list recent searches',
  description:
    "Records `query` in the signed-in user's search history and answers the 10 most recent distinct searches, newest first (Home's search suggestions). Without `query` it only answers. API tokens that belong to no user get 403 `user_required`.",
  tags,
  security: memberSecurity,
  request: { body: { required: false, ...json(SearchHistoryBodySchema) } },
  responses: {
    200: { description: 'The recent searches.', ...json(SearchHistorySchema) },
    ...errorResponses(400, 401, 403),
  },
});

/** Full-text search over a crawl's results, and the user's search history (SPEC.md section 7). */
export function searchRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/search/*', requireAuth);

  app.openapi(searchCrawlResultsRoute, async (c) => {
    const { deps, auth } = c.var;
    const crawl = await getCrawl(deps.db, auth, c.req.valid('param').crawlId);
    const { matches, total } = await searchCrawlResults(deps.db, crawl, c.req.valid('json'));
    const crawlResults = matches.map((m) => ({
      ...toCrawlResultDto(m.row),
      snippet: m.snippet,
      rank: m.rank,
    }));
    return c.json({ crawlResults, total }, 200);
  });

  app.openapi(searchHistoryRoute, async (c) => {
    const { deps, auth } = c.var;
    const userId = requireUser(auth);
    const body = SearchHistoryBodySchema.parse(c.req.valid('json') ?? {});
    const history = await recordSearch(deps.db, userId, body.query);
    return c.json(
      history.map((h) => ({ query: h.query, searchedAt: h.searchedAt.toISOString() })),
      200,
    );
  });

  return app;
}
