// What the crawl loop learns from the extract step. Part of the workflow bundle: types and pure functions only.
import type { CrawlLogEntry } from '../ports.js';

/** What the loop learns from an extract step. */
export interface ExtractSummary {
  /** Pages the extractor answered for (from the ledger or anew). */
  extracted: number;
  /** Pages the extractor could not decide (a model down or answering nonsense): left out, with a log line. */
  failed: number;
  /** The last failure's reason. */
  error: string | null;
  /** After this many failed pages in a row, the crawl fails with `error` as its reason. */
  failureLimit: number;
}

/** The log line that fails a crawl whose extractor failed too many pages in a row. */
export function extractionFailureLog(failures: number, error: string | null): CrawlLogEntry {
  return {
    level: 'error',
    message: 'Crawl failed',
    description: `Extraction failed for ${failures} pages in a row; the last error: ${error ?? 'unknown'}`,
  };
}
