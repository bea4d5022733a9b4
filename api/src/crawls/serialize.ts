import type { z } from '@hono/zod-openapi';
import type { crawlLogs, crawlResults, crawls } from '../db/schema.js';
import type { CrawlLogSchema, CrawlResultSchema, CrawlSchema } from './schemas.js';

export type CrawlRow = typeof crawls.$inferSelect;
export type CrawlResultRow = typeof crawlResults.$inferSelect;
export type CrawlLogRow = typeof crawlLogs.$inferSelect;
export type CrawlLogDto = z.infer<typeof CrawlLogSchema>;
export type CrawlDto = z.infer<typeof CrawlSchema>;
export type CrawlResultDto = z.infer<typeof CrawlResultSchema>;

export function toCrawlDto(row: CrawlRow): CrawlDto {
  return {
    id: row.id,
    projectId: row.projectId,
    parentId: row.parentId,
    status: row.status,
    startUrls: row.startUrls,
    maxResults: row.maxResults,
    maxDepth: row.maxDepth,
    useSitemap: row.useSitemap,
    entireWebsite: row.entireWebsite,
    includeLinks: row.includeLinks,
    excludeNonMainTags: row.excludeNonMainTags,
    deduplicateContent: row.deduplicateContent,
    engineType: row.engineType,
    useStaticIps: row.useStaticIps,
    timeout: row.timeout,
    extraction: row.extraction,
    extractionMethod: row.extractionMethod,
    extractionSchema: row.extractionSchema,
    extractionTokens: row.extractionTokens,
    origin: row.origin,
    numberOfResults: row.numberOfResults,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    durationInSeconds: row.durationInSeconds,
    compareWith: row.compareWith,
    changes: row.changes ?? null,
  };
}

export function toCrawlResultDto(row: CrawlResultRow): CrawlResultDto {
  return {
    id: row.id,
    crawlId: row.crawlId,
    position: row.position,
    url: row.url,
    title: row.title,
    markdown: row.markdown,
    duplicatesRemovedCount: row.duplicatesRemovedCount,
    data: row.data ?? null,
    extractionTokens: row.extractionTokens,
    changeStatus: row.changeStatus,
    diff: row.diff,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toCrawlLogDto(row: CrawlLogRow): CrawlLogDto {
  return {
    id: row.id,
    crawlId: row.crawlId,
    level: row.level,
    message: row.message,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  };
}
