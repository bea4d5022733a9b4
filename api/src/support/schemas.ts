import { z } from '@hono/zod-openapi';
import { ATTACHMENT_LIMITS } from './attachments.js';

/** SPEC.md section 2, the report modal's subjects, in its order. */
export const PROBLEM_TYPES = [
  'missing_information',
  'too_much_information',
  'incorrect_information',
  'duplicate_information',
  'other',
] as const;

export const SupportFieldsSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, { error: 'Subject is required' })
    .max(200, { error: 'Subject must have at most 200 characters' }),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, { error: 'Message is required' })
    .max(10_000, { error: 'Message must have at most 10000 characters' }),
});

/** The multipart body, for the contract only: the route reads and checks the parts itself. */
export const SupportRequestFormSchema = {
  type: 'object' as const,
  required: ['subject', 'message'],
  properties: {
    subject: { type: 'string' as const, maxLength: 200 },
    message: { type: 'string' as const, maxLength: 10_000 },
    files: {
      type: 'array' as const,
      maxItems: ATTACHMENT_LIMITS.maxFiles,
      items: { type: 'string' as const, format: 'binary' },
      description: `PNG, JPEG or PDF files (checked by content), at most ${ATTACHMENT_LIMITS.maxFiles}, 5 MB each and 10 MB in all.`,
    },
  },
};

export const SupportAttachmentSchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    contentType: z
      .string()
      .openapi({ description: "From the file's content: image/png, image/jpeg or application/pdf." }),
    size: z.number().int().openapi({ description: 'Bytes.' }),
  })
  .openapi('SupportAttachment');

export const SupportRequestSchema = z
  .object({
    id: z.uuid(),
    subject: z.string(),
    message: z.string(),
    email: z.string().nullable().openapi({ description: 'Who to answer: the sender, when a user sent it.' }),
    attachments: z.array(SupportAttachmentSchema),
    createdAt: z.iso.datetime(),
  })
  .openapi('SupportRequest');

export const AdminSupportRequestSchema = SupportRequestSchema.extend({
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
}).openapi('AdminSupportRequest');

export const AdminSupportRequestPageSchema = z
  .object({
    results: z.array(AdminSupportRequestSchema),
    page: z.number().int(),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  })
  .openapi('AdminSupportRequestPage');

export const ProblemTypeSchema = z
  .enum(PROBLEM_TYPES, {
    error: `Problem type must be one of: ${PROBLEM_TYPES.join(', ')}`,
  })
  .openapi('ProblemType', {
    description:
      'Missing information, Too much information, Incorrect information, Duplicate information, or Other.',
  });

export const CrawlResultReportBodySchema = z
  .strictObject({
    crawlResultId: z.string({ error: 'Crawl result ID is required' }).min(1).max(100),
    problemType: ProblemTypeSchema,
    description: z
      .string({ error: 'Description must be a string' })
      .trim()
      .max(5000, { error: 'Description must have at most 5000 characters' })
      .default('')
      .openapi({ description: 'Additional details.' }),
  })
  .openapi('CrawlResultReportRequest');

export const CrawlResultReportSchema = z
  .object({
    id: z.uuid(),
    crawlResultId: z.uuid().nullable().openapi({ description: 'Null once the result is deleted.' }),
    crawlId: z.uuid().nullable(),
    url: z.string(),
    problemType: ProblemTypeSchema,
    description: z.string(),
    duplicatesRemovedCount: z
      .number()
      .int()
      .openapi({ description: 'Blocks deduplication removed from the result, when reported.' }),
    deduplicateContent: z.boolean().openapi({ description: "The crawl's setting, when reported." }),
    createdAt: z.iso.datetime(),
  })
  .openapi('CrawlResultReport');

export const AdminCrawlResultReportPageSchema = z
  .object({
    results: z.array(
      CrawlResultReportSchema.extend({
        teamId: z.uuid(),
        teamName: z.string(),
        email: z.string().nullable(),
      }),
    ),
    page: z.number().int(),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  })
  .openapi('AdminCrawlResultReportPage');
