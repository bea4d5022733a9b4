import { z } from '@hono/zod-openapi';
import { CrawlSchema, StartCrawlBodySchema } from '../crawls/schemas.js';

const pageMessage = 'Page must be a whole number of 1 or more';
const limitMessage = 'Limit must be a number between 1 and 100';

/** The web app's crawl list paging: 1-based `page` (the console's page number), `limit` 15 by default. */
export const AppCrawlsQuerySchema = z.object({
  page: z.coerce
    .number({ error: pageMessage })
    .int({ error: pageMessage })
    .min(1, { error: pageMessage })
    .default(1)
    .openapi({ param: { name: 'page', in: 'query' }, description: '1-based page number.' }),
  limit: z.coerce
    .number({ error: limitMessage })
    .int({ error: limitMessage })
    .min(1, { error: limitMessage })
    .max(100, { error: limitMessage })
    .default(15)
    .openapi({ param: { name: 'limit', in: 'query' } }),
});

export const AppCrawlSearchQuerySchema = AppCrawlsQuerySchema.extend({
  query: z
    .string({ error: 'Query must not be empty' })
    .trim()
    .min(1, { error: 'Query must not be empty' })
    .max(2048, { error: 'Query must be at most 2048 characters' })
    .openapi({
      param: { name: 'query', in: 'query' },
      description: 'Part of the start URL, or a whole crawl ID.',
      example: 'docs.example.com',
    }),
});

export const AppCrawlPageSchema = z
  .object({
    results: z.array(CrawlSchema),
    page: z.number().int().openapi({ description: '1-based.' }),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  })
  .openapi('AppCrawlPage');

export const AppStartCrawlBodySchema = StartCrawlBodySchema.safeExtend({
  origin: z.enum(['web', 'api'], { error: 'Origin must be web or api' }).optional().openapi({
    description: 'Accepted as the web app sends it; the stored origin comes from the credentials.',
  }),
  projectId: z
    .uuid({ error: 'projectId must be a project ID' })
    .optional()
    .openapi({ description: 'The project to start the crawl in; else as for `x-project-id`.' }),
}).openapi('AppStartCrawlRequest');

export const DashboardSchema = z
  .object({
    successfulCrawls: z.number().int().openapi({ description: 'Crawls that ended succeeded or timed_out.' }),
    failedCrawls: z.number().int().openapi({ description: 'Crawls that ended failed or error.' }),
    totalCrawlResults: z.number().int().openapi({ description: 'Results of every crawl in the window.' }),
  })
  .openapi('Dashboard', {
    description: 'The current project over the last 30 days (crawls created in the window).',
  });
