import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { and, asc, eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env.js';
import type { AuthContext } from '../auth/bearer.js';
import { CSV_COLUMNS, csvResponse } from '../crawls/csv.js';
import {
  CrawlIdParamsSchema,
  CrawlLogPageSchema,
  CrawlResultPageSchema,
  CrawlSchema,
  LogsQuerySchema,
  ResultsQuerySchema,
  StartCrawlBodySchema,
} from '../crawls/schemas.js';
import { toCrawlDto, toCrawlLogDto, toCrawlResultDto } from '../crawls/serialize.js';
import { getCrawl, listCrawlLogs, listCrawlResults, startCrawl } from '../crawls/service.js';
import type { Database } from '../db/client.js';
import { projects, teams } from '../db/schema.js';
import { ApiError, validationHook } from '../errors.js';
import { errorResponses, json, pageOf } from '../openapi-helpers.js';
import { RATE_RULES, rateLimit } from '../rate-limit.js';

/** Public visitors' crawls store at most this many results (SPEC.md section 9). */
export const PUBLIC_MAX_RESULTS = 15;

const tags = ['Public'];
const noAuth: [] = [];

const startRoute = createRoute({
  method: 'post',
  path: '/app/crawls/public',
  operationId: 'startPublicCrawl',
  summary: 'Start a try-out crawl without an account',
  description:
    `The same settings as \`POST /crawls\`, with at most ${PUBLIC_MAX_RESULTS} results: a larger \`maxResults\` is lowered to ${PUBLIC_MAX_RESULTS}. ` +
    'Sitemap, entire-website and static-IP crawls need an account. Limited per client IP (429 with `Retry-After`). ' +
    'The crawl is readable by its ID through the public endpoints only.',
  tags,
  security: noAuth,
  request: { body: { required: true, ...json(StartCrawlBodySchema) } },
  responses: {
    201: { description: 'The crawl, running.', ...json(CrawlSchema) },
    ...errorResponses(400, 429),
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/app/crawls/public/{id}',
  operationId: 'getPublicCrawl',
  summary: 'Get a try-out crawl',
  tags,
  security: noAuth,
  request: { params: CrawlIdParamsSchema },
  responses: { 200: { description: 'The crawl.', ...json(CrawlSchema) }, ...errorResponses(404) },
});

const logsRoute = createRoute({
  method: 'get',
  path: '/app/crawl-logs/public/{id}',
  operationId: 'listPublicCrawlLogs',
  summary: "List a try-out crawl's logs",
  description: 'Oldest first, 0-based pages.',
  tags,
  security: noAuth,
  request: { params: CrawlIdParamsSchema, query: LogsQuerySchema },
  responses: {
    200: { description: 'One page of log lines.', ...json(CrawlLogPageSchema) },
    ...errorResponses(400, 404),
  },
});

const resultsRoute = createRoute({
  method: 'get',
  path: '/crawl-results/public/{id}',
  operationId: 'listPublicCrawlResults',
  summary: "List a try-out crawl's results",
  description: 'In stored order, 0-based pages.',
  tags,
  security: noAuth,
  request: { params: CrawlIdParamsSchema, query: ResultsQuerySchema },
  responses: {
    200: { description: 'One page of results.', ...json(CrawlResultPageSchema) },
    ...errorResponses(400, 404),
  },
});

const csvRoute = createRoute({
  method: 'get',
  path: '/crawl-results/public/{id}/download-csv',
  operationId: 'downloadPublicCrawlResultsCsv',
  summary: "Download a try-out crawl's results as CSV",
  description: `Columns ${CSV_COLUMNS.join(', ')}. Saved as crawl-results-{id}.csv.`,
  tags,
  security: noAuth,
  request: { params: CrawlIdParamsSchema },
  responses: {
    200: { description: 'RFC 4180 CSV with a header row.', content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(404),
  },
});

const cache = new WeakMap<Database, Promise<AuthContext>>();

/**
 * Who a public visitor acts as: the one public team (created on first use) and its project. Every public
 * read is scoped to it, so another team's crawl ID answers 404 here like any unknown ID.
 */
export function publicAuth(db: Database): Promise<AuthContext> {
  let auth = cache.get(db);
  if (!auth) {
    auth = ensurePublicTeam(db);
    cache.set(db, auth);
    auth.catch(() => cache.delete(db));
  }
  return auth;
}

async function ensurePublicTeam(db: Database): Promise<AuthContext> {
  return db.transaction(async (tx) => {
    // The partial unique index on is_public makes this the one public team, whoever gets here first.
    await tx.insert(teams).values({ name: 'Public try-out', isPublic: true }).onConflictDoNothing();
    const [team] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.isPublic, true));
    if (!team) throw new Error('The public team is missing');
    let [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.teamId, team.id), eq(projects.isDeleted, false)))
      .orderBy(asc(projects.createdAt))
      .limit(1);
    if (!project)
      [project] = await tx
        .insert(projects)
        .values({ teamId: team.id, title: 'public' })
        .returning({ id: projects.id });
    return { teamId: team.id, userId: null, tokenId: null, projectId: project!.id, origin: 'web' };
  });
}

const needsAccount = (path: string, setting: string): ApiError =>
  new ApiError(400, 'account_required', `${setting} needs an account: sign up to use it`, [
    { path, message: `${setting} needs an account` },
  ]);

/** The public try-out (SPEC.md sections 1, 6 and 7): start and read one crawl by its ID, with no account. */
export function publicRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/app/crawls/public', rateLimit(RATE_RULES.publicCrawls));

  app.openapi(startRoute, async (c) => {
    const body = c.req.valid('json');
    if (body.useSitemap) throw needsAccount('useSitemap', 'Use sitemap');
    if (body.entireWebsite) throw needsAccount('entireWebsite', 'Entire website');
    if (body.useStaticIps) throw needsAccount('useStaticIps', 'Use static IPs');
    if (body.compareWith) throw needsAccount('compareWith', 'Compare with');
    const { deps } = c.var;
    const auth = await publicAuth(deps.db);
    const crawl = await startCrawl(deps, auth, auth.projectId!, {
      ...body,
      maxResults: Math.min(body.maxResults, PUBLIC_MAX_RESULTS),
    });
    return c.json(toCrawlDto(crawl), 201);
  });

  app.openapi(getRoute, async (c) => {
    const { db } = c.var.deps;
    const crawl = await getCrawl(db, await publicAuth(db), c.req.valid('param').id);
    return c.json(toCrawlDto(crawl), 200);
  });

  app.openapi(logsRoute, async (c) => {
    const { db } = c.var.deps;
    const crawl = await getCrawl(db, await publicAuth(db), c.req.valid('param').id);
    const { page, limit } = c.req.valid('query');
    const { rows, totalResults } = await listCrawlLogs(db, crawl, { page, limit });
    return c.json(pageOf(rows.map(toCrawlLogDto), page, limit, totalResults), 200);
  });

  app.openapi(resultsRoute, async (c) => {
    const { db } = c.var.deps;
    const crawl = await getCrawl(db, await publicAuth(db), c.req.valid('param').id);
    const { page, limit, query, changeStatus } = c.req.valid('query');
    const { rows, totalResults } = await listCrawlResults(db, crawl, { page, limit, query, changeStatus });
    return c.json(pageOf(rows.map(toCrawlResultDto), page, limit, totalResults), 200);
  });

  app.openapi(csvRoute, async (c) => {
    const { db } = c.var.deps;
    const crawl = await getCrawl(db, await publicAuth(db), c.req.valid('param').id);
    return csvResponse(c, db, crawl.id) as never;
  });

  return app;
}
