import { z } from '@hono/zod-openapi';
import { EXTRACTION_METHODS, schemaProblem } from '@trawl/workflows';

export const ExtractionMethodSchema = z
  .enum(EXTRACTION_METHODS as ['llm', 'relevance'])
  .nullable()
  .openapi('ExtractionMethod', {
    description:
      'How the extraction instruction is applied: llm (the configured OpenAI-compatible model) or relevance (the offline extractor, BM25 over the page’s blocks); null without an instruction.',
  });

/** `extractionSchema` of a new crawl: a JSON Schema Ajv compiles, or null. */
export const ExtractionSchemaField = z
  .record(z.string(), z.unknown(), { error: 'Extraction schema must be a JSON Schema object' })
  .nullable()
  .default(null)
  .superRefine((schema, ctx) => {
    const problem = schema === null ? null : schemaProblem(schema);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .openapi({
    description:
      'JSON Schema of the data each result carries (with an extraction instruction); every answer is validated against it.',
  });
