import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../app-env.js';
import { requireAuthOnce } from '../auth/bearer.js';
import { ApiError, validationError, validationHook } from '../errors.js';
import { errorResponses, json, memberSecurity } from '../openapi-helpers.js';
import { ATTACHMENT_LIMITS, readAttachments } from './attachments.js';
import {
  CrawlResultReportBodySchema,
  CrawlResultReportSchema,
  SupportFieldsSchema,
  SupportRequestFormSchema,
  SupportRequestSchema,
} from './schemas.js';
import { toReportDto, toSupportRequestDto } from './serialize.js';
import { createSupportRequest, reportCrawlResult } from './service.js';

const tags = ['Support'];

const supportRoute = createRoute({
  method: 'post',
  path: '/support',
  operationId: 'sendSupportRequest',
  summary: 'Send a support request',
  description:
    'The Support dialog: a subject, a message and up to 5 PNG, JPEG or PDF files (5 MB each, 10 MB in all; their kind is checked by content). ' +
    'Kept for the admins, and emailed with its files to the support address. Errors: 400 `too_many_files` or `unsupported_file_type`, ' +
    '413 `file_too_large` or `payload_too_large`, 415 for a body that is not multipart/form-data.',
  tags,
  security: memberSecurity,
  request: {
    body: { required: true, content: { 'multipart/form-data': { schema: SupportRequestFormSchema } } },
  },
  responses: {
    201: { description: 'The request, kept and sent.', ...json(SupportRequestSchema) },
    ...errorResponses(400, 401, 413, 415),
  },
});

const reportRoute = createRoute({
  method: 'post',
  path: '/support/crawl-result-report',
  operationId: 'reportCrawlResult',
  summary: 'Report a problem with a crawl result',
  description: "Report a problem: what is wrong with one of the team's crawl results.",
  tags,
  security: memberSecurity,
  request: { body: { required: true, ...json(CrawlResultReportBodySchema) } },
  responses: {
    201: { description: 'The report, kept and sent.', ...json(CrawlResultReportSchema) },
    ...errorResponses(400, 401, 404),
  },
});

/** Room for the text fields and multipart framing on top of the attachments' own limit. */
const BODY_LIMIT = ATTACHMENT_LIMITS.maxTotalBytes + 256 * 1024;

/** Support requests and problem reports (SPEC.md section 7, Support and search). */
export function supportRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('/support', requireAuthOnce);
  app.use('/support/*', requireAuthOnce);
  app.post(
    '/support',
    async (c, next) => {
      const type = c.req.header('content-type') ?? '';
      if (!/^multipart\/form-data/i.test(type))
        throw new ApiError(415, 'unsupported_media_type', 'Send the support request as multipart/form-data');
      await next();
    },
    bodyLimit({
      maxSize: BODY_LIMIT,
      onError: () => {
        throw new ApiError(413, 'payload_too_large', 'The attachments together are larger than 10 MB');
      },
    }),
  );

  app.openapi(supportRoute, async (c) => {
    const { deps, auth } = c.var;
    let form: Record<string, string | File | Array<string | File>>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch (err: unknown) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(400, 'invalid_multipart', 'The multipart body could not be read');
    }
    const one = (value: unknown) => (Array.isArray(value) ? value[0] : value);
    const fields = SupportFieldsSchema.safeParse({
      subject: typeof one(form.subject) === 'string' ? one(form.subject) : undefined,
      message: typeof one(form.message) === 'string' ? one(form.message) : undefined,
    });
    if (!fields.success) throw validationError(fields.error, 'body');
    const parts = [form.files, form['files[]']].flat().filter((p) => p !== undefined);
    if (parts.some((p) => typeof p === 'string'))
      throw new ApiError(400, 'validation_error', 'Files must be uploaded as files', [
        { path: 'files', message: 'Files must be uploaded as files' },
      ]);
    const files = await readAttachments(parts as File[]);
    const { request, attachments } = await createSupportRequest(deps, auth, fields.data, files);
    return c.json(toSupportRequestDto(request, attachments), 201);
  });

  app.openapi(reportRoute, async (c) => {
    const { deps, auth } = c.var;
    const report = await reportCrawlResult(deps, auth, c.req.valid('json'));
    return c.json(toReportDto(report), 201);
  });

  return app;
}
