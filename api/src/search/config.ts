// The search indexer's part of the API configuration (config.ts spreads it in).
import { z } from 'zod';

export const SEARCH_INDEX_ENV = {
  TRAWL_SEARCH_INDEX_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(1_000),
  TRAWL_SEARCH_INDEX_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(8),
};

type SearchIndexEnv = z.infer<z.ZodObject<typeof SEARCH_INDEX_ENV>>;

export interface SearchIndexConfig {
  /** How often the indexer looks for stored crawl results not yet indexed for full-text search. */
  pollMs: number;
  /**
   * Results indexed per statement. Each costs about 13 ms of PGlite's time on this thread for a page of a
   * few thousand words, and nothing else reaches the database meanwhile: small batches keep requests waiting
   * briefly.
   */
  batchSize: number;
}

export function searchIndexConfigFrom(e: SearchIndexEnv): SearchIndexConfig {
  return { pollMs: e.TRAWL_SEARCH_INDEX_POLL_MS, batchSize: e.TRAWL_SEARCH_INDEX_BATCH_SIZE };
}
