// What the API uses of the crawl engine and its in-process runner; everything else stays inside the
// package. The Temporal layer has an entry point of its own: `@trawl/workflows/temporal`.

// The ports the API implements (the crawl store) and the values crossing them.
export type {
  BatchCommit,
  CommitOutcome,
  CrawlJob,
  CrawlLogEntry,
  CrawlStore,
  FrontierEntry,
  PageOutcome,
  PageResult,
  PageValidators,
  StagedBatch,
} from './ports.js';
// Crawl settings: the API's request schema is built from these.
export { CRAWL_LIMITS, DEFAULT_CRAWL_SETTINGS, ENGINE_TYPES } from './crawler/settings.js';
// URL rules and deduplication, applied where the API writes the frontier and the results.
export { cleanUrl, urlKey } from './crawler/url.js';
export { removeSeenBlocks } from './crawler/dedup.js';
// The store test builds staged pages the way the engine does.
export { hashContent, splitBlocks } from './crawler/dedup.js';
export { hasMarkdownContent } from './crawler/markdown.js';
// The engine and the embedded driver of the crawl loop.
export { createCrawlEngine } from './crawler/engine.js';
export type { CrawlEngine } from './crawler/engine.js';
// Workers share per-host politeness through the API's database; its test runs schedulers over it.
export { createHostScheduler } from './crawler/politeness.js';
export type { SharedPoliteness } from './crawler/politeness.js';
export { createInProcessRunner } from './runner/in-process-runner.js';
// A worker caps the pages its activities process at once with the same limiter the runner uses.
export { createLimiter } from './crawler/limiter.js';
export type { FetchSummary, StoreSummary } from './runner/crawl-steps.js';
// The quality benchmark (api/bench/quality.ts) times parsePage alone, without the crawler around it.
export { createHttpClient } from './crawler/http-client.js';
export { assertUrlAllowed, BlockedAddressError, createGuardedLookup } from './crawler/net-guard.js';
export { parsePage } from './crawler/parse-page.js';
export type { ParseInput, ParsedPage } from './crawler/parse-page.js';
// AI extraction: methods, the model extractor the API and workers configure, and schema checks.
export { createLlmExtractor } from './extraction/llm.js';
export { createRelevanceExtractor } from './extraction/relevance.js';
export type { LlmConfig } from './extraction/llm.js';
export { schemaProblem } from './extraction/schema.js';
export { EXTRACTION_METHODS } from './extraction/types.js';
export type { ExtractionMethod, PageExtraction, PageExtractor } from './extraction/types.js';
export type { ExtractDeps } from './extraction/step.js';
