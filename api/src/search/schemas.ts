import { z } from '@hono/zod-openapi';
import { CrawlResultSchema } from '../crawls/schemas.js';

const queryMessage = 'Query must not be empty';

/** A search text: trimmed, not blank, at most 500 characters. */
const searchText = z
  .string({ error: 'Query must be a string' })
  .trim()
  .min(1, { error: queryMessage })
  .max(500, { error: 'Query must be at most 500 characters' });

export const SearchCrawlResultsBodySchema = z
  .strictObject({
    query: searchText.openapi({
      description:
        'Words to find in the title and markdown (English stemming: "crawl" finds "crawling"). "Quoted phrases", `or` and `-excluded` words work as in web search engines.',
      example: 'rate limits',
    }),
    page: z
      .number({ error: 'Page must be a whole number of 1 or more' })
      .int({ error: 'Page must be a whole number of 1 or more' })
      .min(1, { error: 'Page must be a whole number of 1 or more' })
      .default(1)
      .openapi({ description: '1-based page number.' }),
    limit: z
      .number({ error: 'Limit must be a number between 1 and 100' })
      .int({ error: 'Limit must be a number between 1 and 100' })
      .min(1, { error: 'Limit must be a number between 1 and 100' })
      .max(100, { error: 'Limit must be a number between 1 and 100' })
      .default(21),
  })
  .openapi('SearchCrawlResultsRequest');

export const SnippetSegmentSchema = z
  .object({
    text: z.string(),
    highlight: z.boolean().openapi({ description: 'Whether this text matched the query.' }),
  })
  .openapi('SnippetSegment');

export const CrawlResultMatchSchema = CrawlResultSchema.extend({
  snippet: z.array(SnippetSegmentSchema).openapi({
    description:
      'Where the markdown matched: plain text segments in order, the matching words marked `highlight`; fragments are joined by " … ". Join the texts for the plain snippet.',
  }),
  rank: z.number().openapi({ description: 'Relevance (ts_rank); results come highest first.' }),
}).openapi('CrawlResultMatch');

export const CrawlResultSearchSchema = z
  .object({
    crawlResults: z.array(CrawlResultMatchSchema),
    total: z.number().int().openapi({ description: 'Every matching result of the crawl, on all pages.' }),
  })
  .openapi('CrawlResultSearch');

export const SearchParamsSchema = z.object({
  crawlId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'crawlId', in: 'path' }, example: '0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f' }),
});

export const SearchHistoryBodySchema = z
  .strictObject({
    query: searchText.optional().openapi({
      description: 'The search to record. Without it the call only answers the history.',
      example: 'docs.example.com',
    }),
  })
  .openapi('SearchHistoryRequest');

export const SearchHistoryEntrySchema = z
  .object({ query: z.string(), searchedAt: z.iso.datetime() })
  .openapi('SearchHistoryEntry');

export const SearchHistorySchema = z
  .array(SearchHistoryEntrySchema)
  .openapi('SearchHistory', { description: 'The 10 most recent distinct searches, newest first.' });
