import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAdmin } from '../admin/routes.js';
import { requireAuthOnce } from '../auth/bearer.js';
import { pageQuery } from '../crawls/schemas.js';
import { notFound, validationHook } from '../errors.js';
import { isUuid } from '../ids.js';
import { IdParamsSchema, bearerSecurity, errorResponses, json, pageOf } from '../openapi-helpers.js';
import {
  AdminCrawlResultReportPageSchema,
  AdminSupportRequestPageSchema,
  AdminSupportRequestSchema,
} from './schemas.js';
import { toReportDto, toSupportRequestDto } from './serialize.js';
import { getSupportAttachment, listCrawlResultReports, listSupportRequests } from './service.js';

const tags = ['Admin'];
const security = [...bearerSecurity, { sessionCookie: [] }];
const adminPageQuery = pageQuery(100, 15);

const listRequestsRoute = createRoute({
  method: 'get',
  path: '/admin/support-requests',
  operationId: 'listSupportRequests',
  summary: 'Support requests',
  description: 'Newest first, with their attachments (without content).',
  tags,
  security,
  request: { query: adminPageQuery },
  responses: {
    200: { description: 'One page.', ...json(AdminSupportRequestPageSchema) },
    ...errorResponses(400, 401, 403),
  },
});
const getRequestRoute = createRoute({
  method: 'get',
  path: '/admin/support-requests/{id}',
  operationId: 'getSupportRequest',
  summary: 'A support request',
  tags,
  security,
  request: { params: IdParamsSchema },
  responses: {
    200: { description: 'The request.', ...json(AdminSupportRequestSchema) },
    ...errorResponses(401, 403, 404),
  },
});
const attachmentRoute = createRoute({
  method: 'get',
  path: '/admin/support-requests/{id}/attachments/{attachmentId}',
  operationId: 'downloadSupportAttachment',
  summary: "Download a support request's attachment",
  description: 'The file as it was sent, with its content type, as a download.',
  tags,
  security,
  request: {
    params: IdParamsSchema.extend({
      attachmentId: z
        .string()
        .min(1)
        .max(100)
        .openapi({ param: { name: 'attachmentId', in: 'path' } }),
    }),
  },
  responses: {
    200: {
      description: 'The file.',
      content: {
        'image/png': { schema: z.string().openapi({ format: 'binary' }) },
        'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
        'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    ...errorResponses(401, 403, 404),
  },
});
const listReportsRoute = createRoute({
  method: 'get',
  path: '/admin/crawl-result-reports',
  operationId: 'listCrawlResultReports',
  summary: 'Problem reports on crawl results',
  description: 'Newest first.',
  tags,
  security,
  request: { query: adminPageQuery },
  responses: {
    200: { description: 'One page.', ...json(AdminCrawlResultReportPageSchema) },
    ...errorResponses(400, 401, 403),
  },
});

type Listed = Awaited<ReturnType<typeof listSupportRequests>>['rows'][number];
const toAdminDto = (r: Listed) => ({
  ...toSupportRequestDto(r.request, r.attachments),
  teamId: r.request.teamId,
  teamName: r.teamName,
});

/** Support requests and problem reports, for Trawl admins (the role every /admin path checks). */
export function supportAdminRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/admin/support-requests', '/admin/support-requests/*', '/admin/crawl-result-reports'])
    app.use(path, requireAuthOnce, requireAdmin);

  app.openapi(listRequestsRoute, async (c) => {
    const { page, limit } = c.req.valid('query');
    const { rows, total } = await listSupportRequests(c.var.deps.db, {}, page, limit);
    return c.json(pageOf(rows.map(toAdminDto), page, limit, total), 200);
  });

  app.openapi(getRequestRoute, async (c) => {
    const { id } = c.req.valid('param');
    if (!isUuid(id)) throw notFound('Support request');
    const { rows } = await listSupportRequests(c.var.deps.db, { id }, 0, 1);
    if (!rows[0]) throw notFound('Support request');
    return c.json(toAdminDto(rows[0]), 200);
  });

  app.openapi(attachmentRoute, async (c) => {
    const { id, attachmentId } = c.req.valid('param');
    const file = await getSupportAttachment(c.var.deps.db, id, attachmentId);
    const encoded = encodeURIComponent(file.filename);
    return c.body(new Uint8Array(file.data), 200, {
      'content-type': file.contentType,
      'content-length': String(file.size),
      'content-disposition': `attachment; filename="${file.filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encoded}`,
      'cache-control': 'private, no-store',
    }) as never;
  });

  app.openapi(listReportsRoute, async (c) => {
    const { page, limit } = c.req.valid('query');
    const { rows, total } = await listCrawlResultReports(c.var.deps.db, page, limit);
    const results = rows.map((r) => ({
      ...toReportDto(r.report),
      teamId: r.report.teamId,
      teamName: r.teamName,
      email: r.email,
    }));
    return c.json(pageOf(results, page, limit, total), 200);
  });

  return app;
}
