import type { z } from '@hono/zod-openapi';
import type { CrawlResultReportSchema, SupportAttachmentSchema } from './schemas.js';
import type { CrawlResultReportRow, ProblemType, SupportRequestRow } from './service.js';

type AttachmentDto = z.infer<typeof SupportAttachmentSchema>;

export function toSupportRequestDto(
  row: SupportRequestRow,
  attachments: Array<{ id: string; filename: string; contentType: string; size: number }>,
) {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    email: row.email,
    attachments: attachments.map((a): AttachmentDto => ({
      id: a.id,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toReportDto(row: CrawlResultReportRow): z.infer<typeof CrawlResultReportSchema> {
  return {
    id: row.id,
    crawlResultId: row.crawlResultId,
    crawlId: row.crawlId,
    url: row.url,
    problemType: row.problemType as ProblemType,
    description: row.description,
    duplicatesRemovedCount: row.duplicatesRemovedCount,
    deduplicateContent: row.deduplicateContent,
    createdAt: row.createdAt.toISOString(),
  };
}
