import { hashContent, splitBlocks } from '../crawler/dedup.js';
import { hasMarkdownContent } from '../crawler/markdown.js';
import { urlKey } from '../crawler/url.js';
import type { CrawlJob, CrawlLogEntry, CrawlStore, PageOutcome } from '../ports.js';
import { validateData } from './schema.js';
import type { ExtractSummary } from './summary.js';
import type { ExtractionMethod, PageExtraction, PageExtractor } from './types.js';

export type { ExtractSummary } from './summary.js';

// The extract step of the crawl loop: the crawl's instruction applied to each fetched page of a batch,
// between fetching and storing. Each page's answer goes to the crawl's extraction ledger the moment it is
// known, so a crash or a retried step never asks (or pays) the model twice for a page.

export interface ExtractDeps {
  store: CrawlStore;
  /** The extractor of a method, or null when this process has none (an `llm` crawl on a worker without a model). */
  extractorFor: (method: ExtractionMethod) => PageExtractor | null;
  /** Consecutive failed pages that fail the crawl. @default 5 */
  failureLimit?: number;
  /** Validates `data` against the crawl's schema: null when valid, else what is wrong. */
  validateData?: (schema: Record<string, unknown>, data: unknown) => string | null;
  onPage?: () => void;
}

/** The failed pages in a row, a crawl at a time, that make the loop fail the crawl. */
export const DEFAULT_EXTRACTION_FAILURE_LIMIT = 5;

const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Applies the crawl's instruction to the batch's pages; returns them as they are to be stored. */
export async function extractBatchPages(
  deps: ExtractDeps,
  job: CrawlJob,
  pages: PageOutcome[],
  signal: AbortSignal,
): Promise<{ pages: PageOutcome[]; summary: ExtractSummary }> {
  const failureLimit = deps.failureLimit ?? DEFAULT_EXTRACTION_FAILURE_LIMIT;
  const instruction = job.settings.extraction;
  const summary: ExtractSummary = { extracted: 0, failed: 0, error: null, failureLimit };
  if (!instruction) return { pages, summary };
  const method = job.extractionMethod ?? 'relevance';
  const schema = job.settings.extractionSchema ?? null;
  const extractor = deps.extractorFor(method);
  const keys = pages.flatMap((p) => (p.result ? [urlKey(p.entry.url)] : []));
  const known =
    keys.length && deps.store.loadExtractions ? await deps.store.loadExtractions(job.id, keys) : new Map();

  const out = await Promise.all(
    pages.map(async (fetched): Promise<PageOutcome> => {
      let page = fetched;
      const result = page.result;
      // Not modified since the crawl this one repeats: the store keeps that crawl's extracted content.
      if (!result || result.notModified) return page;
      const key = urlKey(page.entry.url);
      let extraction: PageExtraction | undefined = known.get(key);
      if (!extraction) {
        try {
          if (!extractor)
            throw new Error(
              `This process has no ${method} extractor configured (TRAWL_LLM_BASE_URL and TRAWL_LLM_MODEL).`,
            );
          extraction = await extractor.extract(
            { instruction, schema, url: result.url, title: result.title, markdown: result.markdown },
            signal,
          );
          if (schema && extraction.matches) {
            const problem = (deps.validateData ?? validateData)(schema, extraction.data);
            if (problem)
              throw new Error(`The extracted data does not follow the extraction schema: ${problem}`);
          }
          await deps.store.saveExtraction?.(job.id, key, extraction);
        } catch (err: unknown) {
          if (signal.aborted) throw err;
          summary.failed++;
          summary.error = errorMessage(err);
          deps.onPage?.();
          return skip(page, {
            level: 'warn',
            message: `Extraction failed for ${result.url}`,
            description: summary.error,
          });
        }
      }
      summary.extracted++;
      deps.onPage?.();
      const notes: CrawlLogEntry[] =
        (extraction.parts ?? 1) > 1
          ? [
              {
                level: 'info',
                message: `Split ${result.url} into ${extraction.parts} parts for extraction`,
                description: 'The page is longer than the model’s context; the parts’ answers were merged.',
              },
            ]
          : [];
      page = { ...page, logs: [...page.logs, ...notes] };
      if (!extraction.matches) {
        return skip(page, {
          level: 'info',
          message: `Skipped ${result.url} by extraction`,
          description: extraction.reason || 'It does not match the extraction instruction.',
        });
      }
      if (!hasMarkdownContent(extraction.content)) {
        return skip(page, {
          level: 'info',
          message: `Skipped ${result.url} by extraction`,
          description:
            `It matches, but nothing on it is what the instruction asks for. ${extraction.reason}`.trim(),
        });
      }
      const markdown = extraction.content;
      return {
        ...page,
        result: {
          ...result,
          markdown,
          // Deduplication works on what is stored: the extracted content.
          dedup: result.dedup
            ? { blocks: splitBlocks(markdown), contentHash: hashContent(markdown) }
            : result.dedup,
          extraction: { tokens: extraction.tokens, data: schema ? extraction.data : null },
        },
        logs: [
          ...page.logs,
          { level: 'debug', message: `Extracted ${result.url} (${method})`, description: extraction.reason },
        ],
      };
    }),
  );
  return { pages: out, summary };
}

function skip(page: PageOutcome, log: CrawlLogEntry): PageOutcome {
  return { ...page, result: null, logs: [...page.logs, log] };
}
