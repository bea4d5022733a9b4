import { createClient, createConfig, type Client } from './gen/client/index.js';
import * as api from './gen/sdk.gen.js';
import type { Crawl, CrawlLog, CrawlLogPage, CrawlOptions, CrawlPage, CrawlResult, CrawlResultPage, CrawlStreamEvent, StartCrawlRequest } from './gen/types.gen.js';
import { TrawlConnectionError, TrawlError, toApiError } from './errors.js';
import { sleep } from './sleep.js';
import { watchCrawl, type WatchOptions } from './watch.js';

/** Options of {@link createTrawlClient}. */
export interface TrawlClientOptions {
  /** Where the API answers, such as `http://localhost:3000`. */
  baseUrl: string;
  /** An API token (`trawl_...`). */
  token?: string;
  /** Sent as `x-project-id`: the project new crawls go to and lists are narrowed to. */
  projectId?: string;
  /** A fetch implementation, for tests or custom agents. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Milliseconds before a request is abandoned. @default 600000 */
  timeoutMs?: number;
}

/** Per-call options. */
export interface RequestOptions {
  /** Cancels the call; it then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Options of {@link CrawlsApi.waitForCompletion}. */
export interface WaitOptions extends RequestOptions {
  /** Milliseconds between polls. @default 1000 */
  pollIntervalMs?: number;
  /** Called with the crawl after every poll, such as to show a result count. */
  onProgress?: (crawl: Crawl) => void;
}

/** Crawl operations of a {@link TrawlClient}. */
export interface CrawlsApi {
  /**
   * Starts a crawl. Every setting but `startUrl` has a server default.
   * @example
   * const crawl = await trawl.crawls.start({ startUrl: 'https://example.com', maxResults: 50 });
   */
  start(settings: StartCrawlRequest, options?: RequestOptions): Promise<Crawl>;
  /**
   * Reads one crawl.
   * @example
   * const { status, numberOfResults } = await trawl.crawls.get(id);
   */
  get(id: string, options?: RequestOptions): Promise<Crawl>;
  /**
   * One page of crawls, newest first. `page` is 0-based; `query` matches a start URL or a crawl ID.
   * @example
   * const { results, totalPages } = await trawl.crawls.list({ page: 0, limit: 15 });
   */
  list(query?: { page?: number; limit?: number; query?: string }, options?: RequestOptions): Promise<CrawlPage>;
  /**
   * Aborts a running crawl and returns it with status `aborted`; results so far are kept.
   * @example
   * await trawl.crawls.abort(id);
   */
  abort(id: string, options?: RequestOptions): Promise<Crawl>;
  /**
   * One page of a crawl's results, in stored order. `page` is 0-based; `query` keeps results whose
   * URL, title or markdown contains it.
   * @example
   * const { results, totalResults } = await trawl.crawls.resultsPage(id, { page: 0, limit: 50 });
   */
  resultsPage(id: string, query?: { page?: number; limit?: number; query?: string }, options?: RequestOptions): Promise<CrawlResultPage>;
  /**
   * Every result of a crawl, fetching one page after another as you iterate.
   * @example
   * for await (const result of trawl.crawls.results(id)) console.log(result.url, result.title);
   */
  results(id: string, options?: RequestOptions & { pageSize?: number }): AsyncIterable<CrawlResult>;
  /**
   * One page of a crawl's log lines, oldest first. `page` is 0-based.
   * @example
   * const { results } = await trawl.crawls.logsPage(id, { page: 0 });
   * for (const line of results) console.log(line.level, line.message);
   */
  logsPage(id: string, query?: { page?: number; limit?: number }, options?: RequestOptions): Promise<CrawlLogPage>;
  /**
   * Every log line of a crawl, fetching one page after another as you iterate.
   * @example
   * for await (const line of trawl.crawls.logs(id)) console.log(line.message);
   */
  logs(id: string, options?: RequestOptions & { pageSize?: number }): AsyncIterable<CrawlLog>;
  /**
   * Every result as one CSV document (columns position, url, title, markdown,
   * duplicatesRemovedCount, createdAt), as the console's Download CSV saves it.
   * @example
   * await writeFile(`crawl-results-${id}.csv`, await trawl.crawls.downloadCsv(id));
   */
  downloadCsv(id: string, options?: RequestOptions): Promise<string>;
  /**
   * Polls until the crawl leaves `running`, then returns it in its final state.
   * @example
   * const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 2000 });
   * if (done.status !== 'succeeded') console.warn(done.status);
   */
  waitForCompletion(id: string, options?: WaitOptions): Promise<Crawl>;
  /**
   * The crawl's events as they happen: status changes (`CRAWL_EVENT`), stored results
   * (`CRAWL_RESULT_CREATED_EVENT`) and log lines (`CRAWL_LOG_CREATED_EVENT`), from its first event (or
   * after `lastEventId`). Each arrives once, in order, even across reconnections; the iteration ends
   * when the crawl has ended and every event is delivered.
   * @example
   * for await (const event of trawl.crawls.watch(crawl.id, { includeMarkdown: false })) {
   *   if (event.type === 'CRAWL_RESULT_CREATED_EVENT') console.log(event.totalCount, event.crawlResult.url);
   *   if (event.type === 'CRAWL_EVENT') console.log(event.crawl.status);
   * }
   */
  watch(id: string, options?: WatchOptions): AsyncIterable<CrawlStreamEvent>;
}

/** A Trawl API client. Create one with {@link createTrawlClient}. */
export interface TrawlClient {
  crawls: CrawlsApi;
  /**
   * What this server offers crawls, such as the fixed address of static-IP crawls.
   * @example
   * const { staticIp } = await trawl.crawlOptions();
   */
  crawlOptions(options?: RequestOptions): Promise<CrawlOptions>;
  /**
   * Whether the API is up and can reach its database.
   * @example
   * if (!(await trawl.isHealthy())) console.warn('Trawl is down');
   */
  isHealthy(options?: RequestOptions): Promise<boolean>;
  /** The generated low-level client, for calls this layer does not wrap. */
  readonly raw: Client;
}

interface CallResult<T> {
  data?: T;
  error?: unknown;
  response?: Response;
}

/**
 * Creates a client for the Trawl API. Works in Node.js 20+ and in browsers. Every method resolves
 * with data or rejects with a {@link TrawlError}: a {@link TrawlApiError} carrying the API's `status`,
 * `code` and `details`, or a {@link TrawlConnectionError} when no answer came.
 *
 * @example
 * import { createTrawlClient } from '@trawl/sdk';
 *
 * const trawl = createTrawlClient({ baseUrl: 'http://localhost:3000', token: process.env.TRAWL_API_TOKEN });
 * const crawl = await trawl.crawls.start({ startUrl: 'https://example.com', maxResults: 20 });
 * await trawl.crawls.waitForCompletion(crawl.id);
 * for await (const page of trawl.crawls.results(crawl.id)) console.log(page.title);
 */
export function createTrawlClient(options: TrawlClientOptions): TrawlClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 600_000;
  const raw = createClient(
    createConfig({
      baseUrl,
      auth: options.token,
      fetch: options.fetch,
      headers: options.projectId ? { 'x-project-id': options.projectId } : undefined,
    }),
  );

  const call = async <T>(run: (signal: AbortSignal) => Promise<CallResult<T>>, signal?: AbortSignal): Promise<T> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let result: CallResult<T>;
    try {
      result = await run(combined);
    } catch (err: unknown) {
      throw signal?.aborted ? signal.reason : new TrawlConnectionError(baseUrl, err);
    }
    if (!result.response) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) throw new TrawlError(`The Trawl API did not answer within ${timeoutMs} ms`, 0, 'timeout');
      throw new TrawlConnectionError(baseUrl, result.error);
    }
    if (!result.response.ok) throw toApiError(result.response.status, result.error);
    return result.data as T;
  };

  const crawls: CrawlsApi = {
    start: (body, o) => call((signal) => api.startCrawl({ client: raw, body, signal }), o?.signal),
    get: (id, o) => call((signal) => api.getCrawl({ client: raw, path: { id }, signal }), o?.signal),
    list: (query = {}, o) => call((signal) => api.queryCrawls({ client: raw, body: query, signal }), o?.signal),
    abort: (id, o) => call((signal) => api.abortCrawl({ client: raw, path: { id }, signal }), o?.signal),
    resultsPage: (id, query = {}, o) => call((signal) => api.listCrawlResults({ client: raw, path: { id }, query, signal }), o?.signal),
    results: (id, o = {}) => paginate((page, limit) => crawls.resultsPage(id, { page, limit }, o), o.pageSize ?? 100),
    logsPage: (id, query = {}, o) => call((signal) => api.listCrawlLogs({ client: raw, path: { id }, query, signal }), o?.signal),
    logs: (id, o = {}) => paginate((page, limit) => crawls.logsPage(id, { page, limit }, o), o.pageSize ?? 200),
    downloadCsv: (id, o) =>
      call((signal) => api.downloadCrawlResultsCsv({ client: raw, path: { id }, signal, parseAs: 'text' }), o?.signal) as Promise<string>,
    async waitForCompletion(id, o = {}) {
      const interval = o.pollIntervalMs ?? 1000;
      for (;;) {
        const crawl = await crawls.get(id, o);
        o.onProgress?.(crawl);
        if (crawl.status !== 'running') return crawl;
        await sleep(interval, o.signal);
      }
    },
    watch: (id, o) => watchCrawl({ baseUrl, token: options.token, projectId: options.projectId, fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)) }, id, o),
  };

  return {
    crawls,
    raw,
    crawlOptions: (o) => call((signal) => api.getCrawlOptions({ client: raw, signal }), o?.signal),
    async isHealthy(o) {
      try {
        const health = await call((signal) => api.isHealthy({ client: raw, signal }), o?.signal);
        return health.isHealthy;
      } catch (err: unknown) {
        if (err instanceof TrawlError) return false;
        throw err;
      }
    },
  };
}

async function* paginate<T>(fetchPage: (page: number, limit: number) => Promise<{ results: T[]; totalPages: number }>, limit: number): AsyncGenerator<T> {
  for (let page = 0; ; page++) {
    const batch = await fetchPage(page, limit);
    yield* batch.results;
    if (page + 1 >= batch.totalPages || batch.results.length === 0) return;
  }
}
