import { z } from '@hono/zod-openapi';

export const RecrawlBodySchema = z
  .strictObject({
    changes: z.boolean({ error: 'Changes must be true or false' }).default(true).openapi({
      description:
        'Compare the new crawl with this one (change statuses, diffs, conditional requests) and file the series in its "<host> history" folder. @default true',
    }),
  })
  .openapi('RecrawlRequest');
