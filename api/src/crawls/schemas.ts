import { z } from '@hono/zod-openapi';
import { CRAWL_LIMITS, DEFAULT_CRAWL_SETTINGS, ENGINE_TYPES, cleanUrl } from '@trawl/workflows';
import { ExtractionMethodSchema, ExtractionSchemaField } from './extraction-schemas.js';

const { maxResults, maxDepth, timeout } = CRAWL_LIMITS;
const d = DEFAULT_CRAWL_SETTINGS;

/** The messages of SPEC.md section 5, shared by every client that validates crawl settings. */
export const CRAWL_SETTING_MESSAGES = {
  startUrlType: 'Start URL is required and must be a string',
  startUrlInvalid: 'Start URL must be a valid URL',
  maxResults: `Max Results must be a number between ${maxResults.min} and ${maxResults.max}`,
  maxDepth: `Max Depth must be a number between ${maxDepth.min} and ${maxDepth.max}`,
  timeout: `Timeout must be a number between ${timeout.min} and ${timeout.max}`,
  engineType: `Engine Type must be one of: ${ENGINE_TYPES.join(', ')}`,
  extraction: 'Extraction must be a string or null',
} as const;

const int = (message: string, bounds: { min: number; max: number }) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(bounds.min, { error: message })
    .max(bounds.max, { error: message });
const flag = (label: string) => z.boolean({ error: `${label} must be a boolean` });

export const EngineTypeSchema = z
  .enum(ENGINE_TYPES as ['cheerio', 'playwright', 'auto'], { error: CRAWL_SETTING_MESSAGES.engineType })
  .openapi('EngineType', {
    description:
      'cheerio: fast, for static sites. playwright: real Chromium, for JavaScript sites. auto: HTTP first, Chromium for pages that need it.',
  });

export const CrawlStatusSchema = z
  .enum(['running', 'succeeded', 'failed', 'aborted', 'timed_out', 'error'])
  .openapi('CrawlStatus', { description: 'running until the crawl ends; every other status is final.' });

export const StartCrawlBodySchema = z
  .strictObject({
    startUrl: z
      .string({ error: CRAWL_SETTING_MESSAGES.startUrlType })
      .trim()
      .max(2048, { error: CRAWL_SETTING_MESSAGES.startUrlInvalid })
      .refine((value) => cleanUrl(value) !== null, { error: CRAWL_SETTING_MESSAGES.startUrlInvalid })
      .openapi({
        description: 'The page the crawl starts from; its site bounds the crawl.',
        example: 'https://docs.example.com/',
      }),
    maxResults: int(CRAWL_SETTING_MESSAGES.maxResults, maxResults)
      .default(d.maxResults)
      .openapi({ description: 'Results to store at most. Ignored with useSitemap or entireWebsite.' }),
    maxDepth: int(CRAWL_SETTING_MESSAGES.maxDepth, maxDepth).default(d.maxDepth).openapi({
      description:
        'The start page is depth 0, a page it links to depth 1. Pages up to this depth are fetched. Ignored with useSitemap or entireWebsite.',
    }),
    useSitemap: flag('Use Sitemap').default(d.useSitemap),
    entireWebsite: flag('Entire Website').default(d.entireWebsite),
    includeLinks: flag('Include Links').default(d.includeLinks),
    excludeNonMainTags: flag('Exclude Non Main Tags').default(d.excludeNonMainTags),
    deduplicateContent: flag('Deduplicate Content').default(d.deduplicateContent),
    engineType: EngineTypeSchema.default(d.engineType),
    useStaticIps: flag('Use Static IPs').default(d.useStaticIps),
    timeout: int(CRAWL_SETTING_MESSAGES.timeout, timeout)
      .default(d.timeout)
      .openapi({ description: 'Minutes after which the crawl stops and ends timed_out.' }),
    extraction: z
      .string({ error: CRAWL_SETTING_MESSAGES.extraction })
      .max(10_000, { error: 'Extraction must be at most 10000 characters' })
      .nullable()
      .default(d.extraction)
      .openapi({ description: 'AI extraction instruction; null (or blank) for plain markdown.' }),
    extractionSchema: ExtractionSchemaField,
    compareWith: z.uuid({ error: 'Compare with must be a crawl ID' }).optional().openapi({
      description:
        'A finished crawl of the same project to compare with: each result gets a `changeStatus` (and a changed page a `diff`), pages are fetched with conditional requests from that crawl\'s validators, unchanged pages use no usage units, its pages this crawl no longer finds are listed as `removed`, and the crawl is filed in the series folder of the crawl it repeats ("<host> history", created when missing).',
    }),
  })
  .refine((body) => !(body.useSitemap && body.entireWebsite), {
    error: 'Entire Website and Use Sitemap cannot both be on',
    path: ['entireWebsite'],
  })
  .openapi('StartCrawlRequest');

export type StartCrawlBody = z.infer<typeof StartCrawlBodySchema>;

const CHANGE_STATUSES = ['new', 'changed', 'unchanged', 'removed'] as const;
const CHANGE_STATUS_MEANING =
  'How a page compares with the crawl this one repeats: new, changed, unchanged, or removed (in that crawl, now gone: an error such as 404, redirected away, or no longer linked within the limits).';

/** A change status, as results carry it (null for a crawl that compares with nothing). */
export const ChangeStatusSchema = z
  .enum(CHANGE_STATUSES)
  .nullable()
  .openapi('ChangeStatus', {
    description: `${CHANGE_STATUS_MEANING} Null for a crawl that compares with nothing.`,
  });

export type ChangeStatus = (typeof CHANGE_STATUSES)[number];

export const ChangeCountsSchema = z
  .object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    removed: z.number().int(),
  })
  .openapi('ChangeCounts');

export const CrawlSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    parentId: z.uuid().nullable(),
    status: CrawlStatusSchema,
    startUrls: z.array(z.string()).openapi({ description: 'Start URLs; the first is used.' }),
    maxResults: z.number().int(),
    maxDepth: z.number().int(),
    useSitemap: z.boolean(),
    entireWebsite: z.boolean(),
    includeLinks: z.boolean(),
    excludeNonMainTags: z.boolean(),
    deduplicateContent: z.boolean(),
    engineType: EngineTypeSchema,
    useStaticIps: z.boolean(),
    timeout: z.number().int().openapi({ description: 'Minutes.' }),
    extraction: z.string().nullable(),
    extractionMethod: ExtractionMethodSchema,
    extractionSchema: z.record(z.string(), z.unknown()).nullable(),
    extractionTokens: z
      .number()
      .int()
      .openapi({ description: 'Model tokens AI extraction used for this crawl.' }),
    origin: z.enum(['web', 'api']).openapi({ description: 'web for the console, api for API tokens.' }),
    numberOfResults: z.number().int(),
    title: z.string().nullable().openapi({ description: 'Title of the start page, once fetched.' }),
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
    durationInSeconds: z.number().int().nullable(),
    compareWith: z
      .uuid()
      .nullable()
      .openapi({ description: 'The crawl this one is compared with (a recrawl); null for a plain crawl.' }),
    changes: ChangeCountsSchema.nullable().openapi({
      description: 'A comparison, once the crawl ended: how many pages are in each change status.',
    }),
  })
  .openapi('Crawl');

export const CrawlResultSchema = z
  .object({
    id: z.uuid(),
    crawlId: z.uuid(),
    position: z.number().int().openapi({ description: '1-based order in which the result was stored.' }),
    url: z.string(),
    title: z.string(),
    markdown: z.string(),
    duplicatesRemovedCount: z
      .number()
      .int()
      .openapi({ description: 'Repeated blocks removed from this page by deduplication.' }),
    data: z
      .unknown()
      .nullable()
      .openapi({ description: 'With an extraction schema: the data extracted, valid against it.' }),
    extractionTokens: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Model tokens AI extraction used for this page; null without extraction.' }),
    changeStatus: ChangeStatusSchema,
    diff: z.string().nullable().openapi({
      description:
        'A changed (or removed) page: unified diff of its markdown against the previous crawl, cut at 64 KiB.',
    }),
    createdAt: z.iso.datetime(),
  })
  .openapi('CrawlResult');

export const CrawlResultPageSchema = z
  .object({
    results: z.array(CrawlResultSchema),
    page: z.number().int().openapi({ description: '0-based.' }),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  })
  .openapi('CrawlResultPage');

export const CrawlPageSchema = z
  .object({
    results: z.array(CrawlSchema),
    page: z.number().int().openapi({ description: '0-based.' }),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  })
  .openapi('CrawlPage');

export const QueryCrawlsBodySchema = z
  .strictObject({
    page: z
      .number({ error: 'Page must be a whole number of 0 or more' })
      .int({ error: 'Page must be a whole number of 0 or more' })
      .min(0, { error: 'Page must be a whole number of 0 or more' })
      .default(0)
      .openapi({ description: '0-based page number.' }),
    limit: z
      .number({ error: 'Limit must be a number between 1 and 100' })
      .int({ error: 'Limit must be a number between 1 and 100' })
      .min(1, { error: 'Limit must be a number between 1 and 100' })
      .max(100, { error: 'Limit must be a number between 1 and 100' })
      .default(15),
    query: z
      .string({ error: 'Query must be a string' })
      .max(2048)
      .optional()
      .openapi({ description: 'Matches the start URL or the crawl ID.' }),
    parentId: z.uuid({ error: 'Parent ID must be a folder ID or null' }).nullable().optional().openapi({
      description: 'Only the crawls of this folder; null for those in no folder. Absent: every crawl.',
    }),
  })
  .openapi('QueryCrawlsRequest');

export const CrawlIdParamsSchema = z.object({
  // Any string: an ID that is not a UUID is simply not found, like any unknown ID.
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f' }),
});

/** `page` (0-based) and `limit` query parameters, with `limit` from 1 to `max` and `fallback` when absent. */
export const pageQuery = (max: number, fallback: number) =>
  z.object({
    page: z.coerce
      .number({ error: 'Page must be a whole number of 0 or more' })
      .int({ error: 'Page must be a whole number of 0 or more' })
      .min(0, { error: 'Page must be a whole number of 0 or more' })
      .default(0)
      .openapi({ param: { name: 'page', in: 'query' }, description: '0-based page number.' }),
    limit: z.coerce
      .number({ error: `Limit must be a number between 1 and ${max}` })
      .int({ error: `Limit must be a number between 1 and ${max}` })
      .min(1, { error: `Limit must be a number between 1 and ${max}` })
      .max(max, { error: `Limit must be a number between 1 and ${max}` })
      .default(fallback)
      .openapi({ param: { name: 'limit', in: 'query' } }),
  });

export const ResultsQuerySchema = pageQuery(100, 50).extend({
  query: z
    .string()
    .max(2048)
    .optional()
    .openapi({
      param: { name: 'query', in: 'query' },
      description: 'Matches part of the URL, title or markdown.',
    }),
  changeStatus: z
    .enum(CHANGE_STATUSES)
    .optional()
    .openapi({
      param: { name: 'changeStatus', in: 'query' },
      description: 'A recrawl: only results with this change status.',
    }),
});

export const LogsQuerySchema = pageQuery(200, 50);

export const CrawlLogSchema = z
  .object({
    id: z.uuid(),
    crawlId: z.uuid(),
    level: z.enum(['info', 'debug', 'warn', 'error']),
    message: z.string(),
    description: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .openapi('CrawlLog');

export const CrawlLogPageSchema = z
  .object({
    results: z.array(CrawlLogSchema),
    page: z.number().int().openapi({ description: '0-based.' }),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  })
  .openapi('CrawlLogPage');

export const CrawlOptionsSchema = z
  .object({
    staticIp: z.string().nullable().openapi({
      description: 'The fixed address crawls with useStaticIps come from; null when not configured.',
    }),
  })
  .openapi('CrawlOptions');

export const ProjectHeaderSchema = z.object({
  'x-project-id': z
    .uuid({ error: 'x-project-id must be a project ID' })
    .optional()
    .openapi({
      param: { name: 'x-project-id', in: 'header' },
      description: "The project to work in; defaults to the token's project, else the team's first project.",
    }),
});
