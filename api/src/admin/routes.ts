import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.js';
import { requireAuth } from '../auth/bearer.js';
import { CrawlSchema, pageQuery } from '../crawls/schemas.js';
import { toCrawlDto } from '../crawls/serialize.js';
import { likeEscape } from '../crawls/sql.js';
import { crawlFrontier, crawls, outboxEmails, teams, users } from '../db/schema.js';
import { ApiError, validationHook } from '../errors.js';
import { isUuid } from '../ids.js';
import { bearerSecurity, errorResponses, json, pageOf } from '../openapi-helpers.js';

export const ADMIN_ROLE = 'trawlAdmin';
const tags = ['Admin'];
const security = [...bearerSecurity, { sessionCookie: [] }];

/** Admin routes need a caller whose user has the admin role; a token acts with its user's roles. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, deps } = c.var;
  const [user] = auth.userId
    ? await deps.db.select({ roles: users.roles }).from(users).where(eq(users.id, auth.userId)).limit(1)
    : [];
  if (!user?.roles.includes(ADMIN_ROLE))
    throw new ApiError(403, 'forbidden', 'Only Trawl admins may do this');
  await next();
});

const AdminHealthSchema = z
  .object({
    database: z.object({
      ok: z.boolean(),
      kind: z.enum(['pglite', 'postgres']).nullable(),
      latencyMs: z.number().nullable(),
    }),
    orchestrator: z.object({
      kind: z.enum(['in-process', 'temporal']),
      workers: z.string().openapi({
        description:
          'Who runs crawls: this process, or Temporal workers (whose state the Temporal UI shows).',
      }),
    }),
    queue: z.object({
      runningCrawls: z.number().int(),
      pendingUrls: z
        .number()
        .int()
        .openapi({ description: 'URLs waiting in the frontiers of running crawls.' }),
      claimedUrls: z.number().int().openapi({ description: 'URLs being fetched right now.' }),
    }),
  })
  .openapi('AdminHealth');

const adminPageQuery = pageQuery(100, 15);
const adminCrawlsQuery = adminPageQuery.extend({
  query: z
    .string()
    .max(2048)
    .optional()
    .openapi({
      param: { name: 'query', in: 'query' },
      description: 'Matches part of the start URL, or a whole crawl ID or team ID.',
    }),
});

/** The admin crawl search: part of the start URL, or a whole crawl or team ID. */
function adminCrawlFilter(query: string | undefined): SQL | undefined {
  const text = query?.trim();
  if (!text) return undefined;
  const byUrl = ilike(sql`${crawls.startUrls}[1]`, `%${likeEscape(text)}%`);
  return isUuid(text) ? or(byUrl, eq(crawls.id, text), eq(crawls.teamId, text)) : byUrl;
}

const AdminCrawlPageSchema = z
  .object({
    results: z.array(CrawlSchema.extend({ teamId: z.uuid(), teamName: z.string() })),
    page: z.number().int(),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  })
  .openapi('AdminCrawlPage');

const OutboxPageSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.uuid(),
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        sentAt: z.iso.datetime().nullable(),
        error: z.string().nullable(),
        createdAt: z.iso.datetime(),
      }),
    ),
    page: z.number().int(),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  })
  .openapi('OutboxPage');

const healthRoute = createRoute({
  method: 'get',
  path: '/admin/health',
  operationId: 'getAdminHealth',
  summary: 'Service health in detail',
  tags,
  security,
  responses: { 200: { description: 'Health.', ...json(AdminHealthSchema) }, ...errorResponses(401, 403) },
});
const crawlsRoute = createRoute({
  method: 'get',
  path: '/admin/crawls',
  operationId: 'listAllCrawls',
  summary: "Every team's crawls",
  description: 'Newest first, 0-based pages; `query` searches them.',
  tags,
  security,
  request: { query: adminCrawlsQuery },
  responses: {
    200: { description: 'One page.', ...json(AdminCrawlPageSchema) },
    ...errorResponses(400, 401, 403),
  },
});
const outboxRoute = createRoute({
  method: 'get',
  path: '/admin/outbox',
  operationId: 'listOutbox',
  summary: 'Emails the server sent or keeps',
  description: 'Newest first. Without SMTP, reset and invite emails wait here.',
  tags,
  security,
  request: { query: adminPageQuery },
  responses: {
    200: { description: 'One page.', ...json(OutboxPageSchema) },
    ...errorResponses(400, 401, 403),
  },
});

/** Admin endpoints; the role is checked for every path under /admin. */
export function adminRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/admin', requireAuth, requireAdmin);
  app.use('/admin/*', requireAuth, requireAdmin);

  app.openapi(healthRoute, async (c) => {
    const { deps } = c.var;
    const started = performance.now();
    let database: { ok: boolean; kind: 'pglite' | 'postgres' | null; latencyMs: number | null } = {
      ok: false,
      kind: null,
      latencyMs: null,
    };
    let queue = { runningCrawls: 0, pendingUrls: 0, claimedUrls: 0 };
    try {
      const [row] = await deps.db
        .select({
          runningCrawls: sql<number>`(select count(*)::int from ${crawls} where status = 'running')`,
          pendingUrls: sql<number>`(select count(*)::int from ${crawlFrontier} f join ${crawls} c on c.id = f.crawl_id where c.status = 'running' and f.state = 'pending')`,
          claimedUrls: sql<number>`(select count(*)::int from ${crawlFrontier} f join ${crawls} c on c.id = f.crawl_id where c.status = 'running' and f.state = 'claimed')`,
        })
        .from(sql`(select 1) as one`);
      queue = {
        runningCrawls: Number(row!.runningCrawls),
        pendingUrls: Number(row!.pendingUrls),
        claimedUrls: Number(row!.claimedUrls),
      };
      database = { ok: true, kind: deps.databaseKind, latencyMs: Math.round(performance.now() - started) };
    } catch (err: unknown) {
      deps.logger.error('Admin health: the database did not answer', err);
    }
    const { kind } = deps.orchestrator;
    const workers =
      kind === 'in-process'
        ? `This process, ${deps.config.crawl.concurrency} pages at once`
        : 'Temporal workers on trawl-http, trawl-browser and trawl-extract';
    return c.json({ database, orchestrator: { kind, workers }, queue }, 200);
  });

  app.openapi(crawlsRoute, async (c) => {
    const { deps } = c.var;
    const { page, limit, query } = c.req.valid('query');
    const where = adminCrawlFilter(query);
    const [rows, [count]] = await Promise.all([
      deps.db
        .select({ crawl: crawls, teamName: teams.name })
        .from(crawls)
        .innerJoin(teams, eq(teams.id, crawls.teamId))
        .where(where)
        .orderBy(desc(crawls.createdAt), desc(crawls.id))
        .limit(limit)
        .offset(page * limit),
      deps.db
        .select({ total: sql<number>`count(*)::int` })
        .from(crawls)
        .where(where),
    ]);
    const total = Number(count?.total ?? 0);
    return c.json(
      pageOf(
        rows.map((r) => ({ ...toCrawlDto(r.crawl), teamId: r.crawl.teamId, teamName: r.teamName })),
        page,
        limit,
        total,
      ),
      200,
    );
  });

  app.openapi(outboxRoute, async (c) => {
    const { deps } = c.var;
    const { page, limit } = c.req.valid('query');
    const [rows, [count]] = await Promise.all([
      deps.db
        .select()
        .from(outboxEmails)
        .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
        .limit(limit)
        .offset(page * limit),
      deps.db.select({ total: sql<number>`count(*)::int` }).from(outboxEmails),
    ]);
    const total = Number(count?.total ?? 0);
    const results = rows.map((r) => ({
      ...r,
      sentAt: r.sentAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
    return c.json(pageOf(results, page, limit, total), 200);
  });

  return app;
}
