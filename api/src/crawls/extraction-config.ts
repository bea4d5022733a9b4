// AI extraction's settings: the same variables configure the API (in-process crawls, and which method a
// new crawl gets) and a Temporal worker serving trawl-extract, so both loaders take them from here.
import {
  createLlmExtractor,
  createRelevanceExtractor,
  type ExtractDeps,
  type ExtractionMethod,
  type LlmConfig,
  type PageExtractor,
} from '@trawl/workflows';
import { z } from 'zod';

export const EXTRACTION_ENV = {
  TRAWL_LLM_BASE_URL: z.url().optional(),
  TRAWL_LLM_API_KEY: z.string().optional(),
  TRAWL_LLM_MODEL: z.string().min(1).optional(),
  TRAWL_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  TRAWL_LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(3),
  TRAWL_LLM_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  TRAWL_LLM_CONTEXT_TOKENS: z.coerce.number().int().min(512).default(8192),
  TRAWL_EXTRACTION_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
};

/** Variables that only work together: a model needs its endpoint and its name. */
export const EXTRACTION_ENV_PAIRS: Array<[string, string]> = [['TRAWL_LLM_BASE_URL', 'TRAWL_LLM_MODEL']];

type ExtractionEnv = z.infer<z.ZodObject<typeof EXTRACTION_ENV>>;

export interface ExtractionConfig {
  /** The model, when one is configured; null runs the offline relevance extractor. */
  llm: LlmConfig | null;
  /** Pages in a row the extractor may fail before the crawl fails. */
  maxFailures: number;
}

export function extractionConfigFrom(e: ExtractionEnv): ExtractionConfig {
  return {
    llm:
      e.TRAWL_LLM_BASE_URL && e.TRAWL_LLM_MODEL
        ? {
            baseUrl: e.TRAWL_LLM_BASE_URL,
            apiKey: e.TRAWL_LLM_API_KEY ?? '',
            model: e.TRAWL_LLM_MODEL,
            timeoutMs: e.TRAWL_LLM_TIMEOUT_MS,
            maxRetries: e.TRAWL_LLM_MAX_RETRIES,
            concurrency: e.TRAWL_LLM_CONCURRENCY,
            contextTokens: e.TRAWL_LLM_CONTEXT_TOKENS,
          }
        : null,
    maxFailures: e.TRAWL_EXTRACTION_MAX_FAILURES,
  };
}

/** The method a new crawl with an instruction gets: the model when one is configured. */
export const extractionMethodFor = (config: ExtractionConfig): ExtractionMethod =>
  config.llm ? 'llm' : 'relevance';

/** The extract step's dependencies (less the store) for a runner or a worker. */
export function extractionDeps(config: ExtractionConfig): Omit<ExtractDeps, 'store' | 'onPage'> {
  const relevance = createRelevanceExtractor();
  const llm: PageExtractor | null = config.llm ? createLlmExtractor(config.llm) : null;
  return {
    extractorFor: (method) => (method === 'llm' ? llm : relevance),
    failureLimit: config.maxFailures,
  };
}
