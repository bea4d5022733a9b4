import type { ContentBlock } from './crawler/dedup.js';
import type { CrawlSettings } from './crawler/settings.js';
import type { ExtractSummary } from './extraction/summary.js';
import type { ExtractionMethod, PageExtraction } from './extraction/types.js';

/** Crawl statuses of SPEC.md section 4. Every status but `running` is final. */
export type CrawlStatus = 'running' | 'succeeded' | 'failed' | 'aborted' | 'timed_out' | 'error';

export type LogLevel = 'info' | 'debug' | 'warn' | 'error';

export interface CrawlLogEntry {
  level: LogLevel;
  message: string;
  description?: string | null;
}

/** What the crawl loop needs to know about a crawl. */
export interface CrawlJob {
  id: string;
  status: CrawlStatus;
  settings: CrawlSettings;
  createdAt: Date;
  numberOfResults: number;
  /** How the crawl's extraction instruction is applied, decided when it was created; null without one. */
  extractionMethod?: ExtractionMethod | null;
}

/** A URL waiting in, or claimed from, a crawl's frontier. */
export interface FrontierEntry {
  url: string;
  depth: number;
  /**
   * Set on a recrawl when the crawl it repeats stored this URL with HTTP validators: the fetch asks the
   * server whether the page changed (If-None-Match, If-Modified-Since), and on a 304 the page's stored
   * links are followed again instead of parsing a body that was not sent.
   */
  previous?: PageValidators & { links: string[] };
}

/** What a server said about a page's version, for conditional requests of the next recrawl. */
export interface PageValidators {
  etag: string | null;
  lastModified: string | null;
}

/** One page turned into a result. */
export interface PageResult {
  /** The frontier URL that was requested. */
  requestedUrl: string;
  /** The final URL after redirects. */
  url: string;
  title: string;
  markdown: string;
  duplicatesRemovedCount: number;
  /** The page's own `rel=canonical` URL on the crawl's site; it joins the seen-set like a redirect target. */
  canonicalUrl?: string | null;
  /**
   * Set when the crawl removes duplicate content: the page's blocks and whole-content hash, checked by the
   * store against what the crawl already stored, in the same transaction that stores the page.
   */
  dedup?: { blocks: ContentBlock[]; contentHash: number } | null;
  /** Set by the extract step: the model tokens the page cost, and the data its schema asked for. */
  extraction?: { tokens: number; data: unknown } | null;
  /** The server's validators of the page, kept for the next recrawl's conditional requests. */
  validators?: PageValidators | null;
  /** The page's same-site links, kept so a later recrawl that gets a 304 can follow them again. */
  links?: string[];
  /**
   * The server answered 304 to a recrawl's conditional request: the page is unchanged, no body was sent,
   * and the store copies the previous crawl's result (title, markdown, links) in its place.
   */
  notModified?: boolean;
}

/** What processing one frontier entry produced: its result (if any), the links to follow, log lines. */
export interface PageOutcome {
  entry: FrontierEntry;
  result: PageResult | null;
  discovered: FrontierEntry[];
  logs: CrawlLogEntry[];
}

/** Everything one batch produced, written by the store in a single transaction. */
export interface BatchCommit {
  /** One outcome per claimed entry; pages whose claim the batch no longer holds are dropped. */
  pages: PageOutcome[];
  /** Links found outside any page (sitemap seeding). */
  discovered?: FrontierEntry[];
  /** Log lines outside any page. */
  logs?: CrawlLogEntry[];
  /** Results beyond this total are dropped, so max results is exact. */
  resultCap: number;
}

export interface CommitOutcome {
  numberOfResults: number;
  /** False when the crawl left `running` (aborted, timed out) while the batch was in flight. */
  stillRunning: boolean;
}

/** A fetched batch kept between fetching and storing, when those run as separate activities. */
export interface StagedBatch {
  pages: PageOutcome[];
  /** Set once the extract step has run on the pages (a retried step then has nothing left to do). */
  extracted?: ExtractSummary;
}

/**
 * The persistence the crawl loop needs. The API implements it on its database; the frontier and the
 * seen-set live there, so a crawl resumes after a crash with nothing lost and nothing stored twice.
 */
export interface CrawlStore {
  loadCrawl(crawlId: string): Promise<CrawlJob | null>;
  /**
   * Claims up to `limit` pending URLs for `batchId`, shallowest first, in discovery order. Asked again
   * for a batch that already holds URLs (a retried activity), it returns those same URLs.
   */
  claimBatch(crawlId: string, batchId: string, limit: number): Promise<FrontierEntry[]>;
  /** Writes a batch in one transaction, keeping only the pages whose URLs `batchId` still holds. */
  commitBatch(crawlId: string, batchId: string, commit: BatchCommit): Promise<CommitOutcome>;
  /** Keeps a fetched batch until it is stored; does nothing once the crawl has left `running`. */
  stageBatch(crawlId: string, batchId: string, batch: StagedBatch): Promise<void>;
  /** The staged batch, or null once it was committed (or never staged). */
  loadStagedBatch(batchId: string): Promise<StagedBatch | null>;
  /** Moves a running crawl to a final status, once; returns false if it had already left `running`. */
  finishCrawl(
    crawlId: string,
    status: Exclude<CrawlStatus, 'running'>,
    logs: CrawlLogEntry[],
  ): Promise<boolean>;
  /** Returns claimed-but-uncommitted URLs to the frontier (after a crash, when nothing else holds them). */
  releaseClaims(crawlId: string): Promise<void>;
  listRunningCrawls(): Promise<string[]>;
  /** The crawl's extraction ledger: answers already paid for, by URL key. */
  loadExtractions?(crawlId: string, urlKeys: string[]): Promise<Map<string, PageExtraction>>;
  /** Records a page's answer (once; a second answer for the same page is ignored) and adds its tokens to the crawl. */
  saveExtraction?(crawlId: string, urlKey: string, extraction: PageExtraction): Promise<void>;
}
