import { createCaller, paginate } from './call.js';
import type { RequestOptions } from './client.js';
import { createClient, createConfig } from './gen/client/index.js';
import * as api from './gen/sdk.gen.js';
import type {
  Crawl,
  CrawlLogPage,
  CrawlResult,
  CrawlResultPage,
  StartCrawlRequest,
} from './gen/types.gen.js';

/** Options of {@link createPublicTrawlClient}. */
export interface PublicTrawlClientOptions {
  /** Where the API answers, such as `http://localhost:3000`. */
  baseUrl: string;
  /** A fetch implementation, for tests or custom agents. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Milliseconds before a request is abandoned. @default 500000 */
  timeoutMs?: number;
}

/** The try-out's crawl operations: no account, at most 15 results, one crawl read by its ID. */
export interface PublicCrawlsApi {
  /**
   * Starts a try-out crawl. `maxResults` above 15 is lowered to 15; sitemap, entire-website and static-IP
   * crawls need an account (400 `account_required`). Limited per client IP (429 `rate_limited`).
   * @example
   * const crawl = await visitor.crawls.start({ startUrl: 'https://example.com' });
   */
  start(settings: StartCrawlRequest, options?: RequestOptions): Promise<Crawl>;
  /**
   * Reads a try-out crawl by its ID.
   * @example
   * const { status, numberOfResults } = await visitor.crawls.get(id);
   */
  get(id: string, options?: RequestOptions): Promise<Crawl>;
  /**
   * One page of the crawl's results, in stored order (`page` is 0-based).
   * @example
   * const { results } = await visitor.crawls.resultsPage(id, { page: 0, limit: 21 });
   */
  resultsPage(
    id: string,
    query?: { page?: number; limit?: number; query?: string },
    options?: RequestOptions,
  ): Promise<CrawlResultPage>;
  /**
   * Every result of the crawl, fetching one page after another as you iterate.
   * @example
   * for await (const result of visitor.crawls.results(id)) console.log(result.title);
   */
  results(id: string, options?: RequestOptions & { pageSize?: number }): AsyncIterable<CrawlResult>;
  /**
   * One page of the crawl's log lines, oldest first (`page` is 0-based).
   * @example
   * const { results } = await visitor.crawls.logsPage(id);
   */
  logsPage(
    id: string,
    query?: { page?: number; limit?: number },
    options?: RequestOptions,
  ): Promise<CrawlLogPage>;
  /**
   * Every result as one CSV document, as the console's Download CSV saves it.
   * @example
   * const csv = await visitor.crawls.downloadCsv(id);
   */
  downloadCsv(id: string, options?: RequestOptions): Promise<string>;
}

/** A client of the public try-out endpoints. Create one with {@link createPublicTrawlClient}. */
export interface PublicTrawlClient {
  crawls: PublicCrawlsApi;
}

/**
 * Creates a client for the public try-out, which needs no account: kept apart from
 * {@link createTrawlClient} so no credential is ever sent to the public endpoints.
 *
 * @example
 * import { createPublicTrawlClient } from '@trawl/sdk';
 *
 * const visitor = createPublicTrawlClient({ baseUrl: 'http://localhost:3000' });
 * const crawl = await visitor.crawls.start({ startUrl: 'https://example.com', maxResults: 15 });
 */
export function createPublicTrawlClient(options: PublicTrawlClientOptions): PublicTrawlClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const raw = createClient(createConfig({ baseUrl, fetch: options.fetch }));
  const call = createCaller(baseUrl, options.timeoutMs ?? 500_000);
  const crawls: PublicCrawlsApi = {
    start: (body, o) => call((signal) => api.startPublicCrawl({ client: raw, body, signal }), o?.signal),
    get: (id, o) => call((signal) => api.getPublicCrawl({ client: raw, path: { id }, signal }), o?.signal),
    resultsPage: (id, query = {}, o) =>
      call((signal) => api.listPublicCrawlResults({ client: raw, path: { id }, query, signal }), o?.signal),
    results: (id, o = {}) =>
      paginate((page, limit) => crawls.resultsPage(id, { page, limit }, o), o.pageSize ?? 100),
    logsPage: (id, query = {}, o) =>
      call((signal) => api.listPublicCrawlLogs({ client: raw, path: { id }, query, signal }), o?.signal),
    downloadCsv: (id, o) =>
      call(
        (signal) => api.downloadPublicCrawlResultsCsv({ client: raw, path: { id }, signal, parseAs: 'text' }),
        o?.signal,
      ) as Promise<string>,
  };
  return { crawls };
}
