import { createClient, createConfig, type Client } from './gen/client/index.js';
import * as api from './gen/sdk.gen.js';
import type {
  Crawl,
  CrawlLog,
  CrawlLogPage,
  CrawlOptions,
  CrawlPage,
  CrawlResult,
  CrawlResultPage,
  CrawlResultSearch,
  CrawlStreamEvent,
  Dashboard,
  AppCrawlPage,
  SearchHistory,
  StartCrawlRequest,
  User,
} from './gen/types.gen.js';
import {
  createAccountApis,
  type AdminApi,
  type AuthApi,
  type ProjectsApi,
  type TeamsApi,
  type TokensApi,
} from './accounts.js';
import { createBillingApi, type BillingApi } from './billing.js';
import { createCaller, paginate } from './call.js';
import { createSupportApis, type FoldersApi, type SupportApi } from './support.js';
import { createSchedulesApi, type SchedulesApi } from './schedules.js';
import { toApiError, TrawlConnectionError, TrawlError } from './errors.js';
import { createSession, withSessionRefresh, type SessionStore } from './session.js';
import { sleep } from './sleep.js';
import { watchCrawl, type WatchOptions } from './watch.js';
import { createWebhooksApi, type WebhooksApi } from './webhooks.js';

/** How a recrawl's result compares with the crawl it repeats. */
export type ResultChangeStatus = 'new' | 'changed' | 'unchanged' | 'removed';

/** Options of {@link createTrawlClient}. */
export interface TrawlClientOptions {
  /** Where the API answers, such as `http://localhost:3000`. */
  baseUrl: string;
  /**
   * An API token (`trawl_...`). Without one the client works by session: sign in with `auth.login`
   * (or `auth.signUp`) and every later call rides on the session cookies, see {@link TrawlClientOptions.session}.
   */
  token?: string;
  /** Sent as `x-project-id`: the project new crawls go to and lists are narrowed to. */
  projectId?: string;
  /** A fetch implementation, for tests or custom agents. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Milliseconds before a request is abandoned. @default 600000 */
  timeoutMs?: number;
  /**
   * Where a client without a `token` keeps its session cookies:
   * - `'browser'`: the browser's own cookie store. Requests are sent with `credentials: 'include'`, and
   *   writes echo the `trawl_csrf` cookie, read from `document.cookie`, in `x-csrf-token`; so the page must be
   *   on the API's site (the console is), and a cross-site API must allow credentials.
   * - `'memory'`: a cookie jar inside this client, for Node.js and other runtimes without one. The session
   *   lasts as long as the client; call `auth.logout()` to end it on the server.
   *
   * Either way a 401 renews the session once (`POST /auth/refresh`) and the call is made again.
   * Ignored when `token` is set.
   * @default 'browser' where `document` exists, else 'memory'
   */
  session?: SessionStore;
}

/** Per-call options. */
export interface RequestOptions {
  /** Cancels the call; it then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Polls in a row that may fail to reach the API before {@link CrawlsApi.waitForCompletion} gives up. */
export const WAIT_CONNECTION_ATTEMPTS = 5;

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
   * One page of crawls, newest first. `page` is 0-based; `query` matches a start URL or a crawl ID;
   * `parentId` keeps a folder's crawls (null: those in no folder).
   * @example
   * const { results, totalPages } = await trawl.crawls.list({ page: 0, limit: 15 });
   */
  list(
    query?: { page?: number; limit?: number; query?: string; parentId?: string | null },
    options?: RequestOptions,
  ): Promise<CrawlPage>;
  /**
   * Aborts a running crawl and returns it with status `aborted`; results so far are kept.
   * @example
   * await trawl.crawls.abort(id);
   */
  abort(id: string, options?: RequestOptions): Promise<Crawl>;
  /**
   * One page of a crawl's results, in stored order. `page` is 0-based; `query` keeps results whose
   * URL, title or markdown contains it; `changeStatus` (a recrawl) keeps those of one change status.
   * @example
   * const { results, totalResults } = await trawl.crawls.resultsPage(id, { page: 0, limit: 50 });
   */
  resultsPage(
    id: string,
    query?: { page?: number; limit?: number; query?: string; changeStatus?: ResultChangeStatus },
    options?: RequestOptions,
  ): Promise<CrawlResultPage>;
  /**
   * Starts the crawl again with its settings. With `changes` (the default) the new crawl is compared
   * with this one: results get a `changeStatus` and changed pages a `diff`, unchanged pages use no usage
   * units, and the series is filed in the "<host> history" folder.
   * @example
   * const next = await trawl.crawls.recrawl(id);
   * const done = await trawl.crawls.waitForCompletion(next.id);
   * console.log(done.changes); // { new: 1, changed: 2, unchanged: 30, removed: 0 }
   */
  recrawl(id: string, settings?: { changes?: boolean }, options?: RequestOptions): Promise<Crawl>;
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
  logsPage(
    id: string,
    query?: { page?: number; limit?: number },
    options?: RequestOptions,
  ): Promise<CrawlLogPage>;
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
   * Polls until the crawl leaves `running`, then returns it in its final state. A poll that cannot reach
   * the API (a connection reset, a server restarting) is tried again at the next interval; after
   * {@link WAIT_CONNECTION_ATTEMPTS} such failures in a row the last one is thrown.
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
  /**
   * Full-text search over a crawl's results (title and markdown, English stemming, "phrases", `or`,
   * `-word`), most relevant first. Each match has a `snippet` of `{ text, highlight }` segments. `page` is
   * 1-based (21 results a page by default); a blank query rejects with a 400 `validation_error`.
   * @example
   * const { crawlResults, total } = await trawl.crawls.searchResults(id, 'rate limits');
   * for (const r of crawlResults) console.log(r.url, r.snippet.map((s) => (s.highlight ? `*${s.text}*` : s.text)).join(''));
   */
  searchResults(
    id: string,
    query: string,
    paging?: { page?: number; limit?: number },
    options?: RequestOptions,
  ): Promise<CrawlResultSearch>;
  /**
   * Deletes one result of an ended crawl: its `numberOfResults` goes down by one, the other results keep
   * their positions, and search no longer finds it. Rejects with 409 `crawl_running` while the crawl runs.
   * @example
   * await trawl.crawls.deleteResult(result.id);
   */
  deleteResult(resultId: string, options?: RequestOptions): Promise<void>;
  /**
   * Crawls whose start URL contains `query`, or whose ID is `query`, newest first; `page` is 1-based.
   * @example
   * const { results } = await trawl.crawls.search('docs.example.com');
   */
  search(
    query: string,
    paging?: { page?: number; limit?: number },
    options?: RequestOptions,
  ): Promise<AppCrawlPage>;
  /**
   * The current project's last 30 days: successful and failed crawls, and the results they stored.
   * @example
   * const { successfulCrawls, failedCrawls, totalCrawlResults } = await trawl.crawls.dashboard();
   */
  dashboard(options?: RequestOptions): Promise<Dashboard>;
  /**
   * Records a search in the signed-in user's history (when `query` is given) and returns the 10 most recent
   * distinct searches, newest first. API tokens of no user reject with 403 `user_required`.
   * @example
   * const recent = await trawl.crawls.searchHistory('docs.example.com');
   */
  searchHistory(query?: string, options?: RequestOptions): Promise<SearchHistory>;
}

/** A Trawl API client. Create one with {@link createTrawlClient}. */
export interface TrawlClient {
  crawls: CrawlsApi;
  /** Sign-up, sign-in and the session. */
  auth: AuthApi;
  /** The caller's team, its members and invitations. */
  teams: TeamsApi;
  /** The team's projects. */
  projects: ProjectsApi;
  /** The team's API tokens. */
  tokens: TokensApi;
  /** Service administration, for `trawlAdmin` users. */
  admin: AdminApi;
  /** Support requests and problem reports. */
  support: SupportApi;
  /** Folders of crawls. */
  folders: FoldersApi;
  /** Crawl settings run again on a cron expression or an interval. */
  schedules: SchedulesApi;
  /** The project's webhook endpoints and their delivery logs. */
  webhooks: WebhooksApi;
  /** The team's plan, card, billing details and invoices (501 without Stripe on the server). */
  billing: BillingApi;
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
 *
 * @example
 * // Without a token: sign in, and the client keeps the session (cookies) for later calls.
 * const trawl = createTrawlClient({ baseUrl: 'http://localhost:3000' });
 * await trawl.auth.login({ email: 'ada@example.com', password });
 * const { token } = await trawl.tokens.create({ name: 'my script' });
 * await trawl.auth.logout();
 */
export function createTrawlClient(options: TrawlClientOptions): TrawlClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 600_000;
  const { token } = options;
  const session = token ? undefined : createSession(options.session);
  const raw = createClient(
    createConfig({
      baseUrl,
      // Only as a bearer header: routes that also take the session cookie must not get the token as one.
      auth: token ? (scheme) => (scheme.type === 'http' ? token : undefined) : undefined,
      fetch: options.fetch,
      headers: options.projectId ? { 'x-project-id': options.projectId } : undefined,
      ...(session?.store === 'browser' ? { credentials: 'include' as const } : {}),
    }),
  );
  if (session) {
    raw.interceptors.request.use((request) => session.prepare(request));
    raw.interceptors.response.use((response, request) => {
      session.receive(response, request);
      return response;
    });
  }

  const baseCall = createCaller(baseUrl, timeoutMs);
  // One refresh at a time, shared by the automatic renewal and `auth.refresh()`: a refresh token works
  // once, and a second use of it would end the session.
  let refreshing: Promise<User> | undefined;
  const refreshOnce = (signal?: AbortSignal): Promise<User> =>
    baseCall((s) => api.refreshSession({ client: raw, signal: s }), signal).then((r) => r.user);
  const renew = (signal?: AbortSignal): Promise<User> => {
    refreshing ??= (
      session?.store === 'browser' ? acrossTabs(() => refreshOnce(signal)) : refreshOnce(signal)
    ).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };
  const refreshSession = (signal?: AbortSignal): Promise<boolean> => {
    if (!session?.canRefresh()) return Promise.resolve(false);
    return renew(signal).then(
      () => true,
      () => false,
    );
  };
  const call = withSessionRefresh(baseCall, session ? refreshSession : undefined);
  // The event stream is fetched directly, not through `raw`: it gets the session's cookies here.
  const plainFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sessionFetch: typeof fetch = !session
    ? plainFetch
    : async (input, init) => {
        const request = session.prepare(
          new Request(input, {
            ...init,
            ...(session.store === 'browser' ? { credentials: 'include' as const } : {}),
          }),
        );
        const response = await plainFetch(request);
        session.receive(response, request);
        return response;
      };

  const crawls: CrawlsApi = {
    start: (body, o) => call((signal) => api.startCrawl({ client: raw, body, signal }), o?.signal),
    get: (id, o) => call((signal) => api.getCrawl({ client: raw, path: { id }, signal }), o?.signal),
    list: (query = {}, o) =>
      call((signal) => api.queryCrawls({ client: raw, body: query, signal }), o?.signal),
    abort: (id, o) => call((signal) => api.abortCrawl({ client: raw, path: { id }, signal }), o?.signal),
    resultsPage: (id, query = {}, o) =>
      call((signal) => api.listCrawlResults({ client: raw, path: { id }, query, signal }), o?.signal),
    recrawl: (id, body = {}, o) =>
      call((signal) => api.recrawl({ client: raw, path: { id }, body, signal }), o?.signal),
    results: (id, o = {}) =>
      paginate((page, limit) => crawls.resultsPage(id, { page, limit }, o), o.pageSize ?? 100),
    logsPage: (id, query = {}, o) =>
      call((signal) => api.listCrawlLogs({ client: raw, path: { id }, query, signal }), o?.signal),
    logs: (id, o = {}) =>
      paginate((page, limit) => crawls.logsPage(id, { page, limit }, o), o.pageSize ?? 200),
    downloadCsv: (id, o) =>
      call(
        (signal) => api.downloadCrawlResultsCsv({ client: raw, path: { id }, signal, parseAs: 'text' }),
        o?.signal,
      ) as Promise<string>,
    async waitForCompletion(id, o = {}) {
      const interval = o.pollIntervalMs ?? 1000;
      for (let failures = 0; ;) {
        let crawl: Crawl;
        try {
          crawl = await crawls.get(id, o);
          failures = 0;
        } catch (err: unknown) {
          if (!(err instanceof TrawlConnectionError) || ++failures >= WAIT_CONNECTION_ATTEMPTS) throw err;
          await sleep(interval, o.signal);
          continue;
        }
        o.onProgress?.(crawl);
        if (crawl.status !== 'running') return crawl;
        await sleep(interval, o.signal);
      }
    },
    searchResults: (id, query, paging = {}, o) =>
      call(
        (signal) =>
          api.searchCrawlResults({ client: raw, path: { crawlId: id }, body: { query, ...paging }, signal }),
        o?.signal,
      ),
    deleteResult: async (resultId, o) => {
      await call(
        (signal) => api.deleteCrawlResult({ client: raw, path: { id: resultId }, signal }),
        o?.signal,
      );
    },
    search: (query, paging = {}, o) =>
      call((signal) => api.searchAppCrawls({ client: raw, query: { query, ...paging }, signal }), o?.signal),
    dashboard: (o) => call((signal) => api.getDashboard({ client: raw, signal }), o?.signal),
    searchHistory: (query, o) =>
      call(
        (signal) =>
          api.recordSearchHistory({ client: raw, body: query === undefined ? {} : { query }, signal }),
        o?.signal,
      ),
    watch: (id, o) =>
      watchCrawl({ baseUrl, token, projectId: options.projectId, fetch: sessionFetch }, id, o),
  };

  const accounts = createAccountApis(raw, call, renew);
  accounts.auth.googleSignInUrl = async (o) => {
    const url = `${baseUrl}/auth/google`;
    let response: Response;
    try {
      // Not followed: the answer is a redirect to Google when configured. No cookies: the flow starts for real
      // when the browser goes there.
      response = await plainFetch(url, { redirect: 'manual', credentials: 'omit', signal: o?.signal });
    } catch (err: unknown) {
      if (o?.signal?.aborted) throw o.signal.reason;
      throw new TrawlConnectionError(baseUrl, err);
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return url;
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status === 501) return null;
    throw toApiError(response.status, body);
  };

  return {
    crawls,
    ...accounts,
    ...createSupportApis(raw, call),
    schedules: createSchedulesApi(raw, call),
    webhooks: createWebhooksApi(raw, call),
    billing: createBillingApi(raw, call),
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

/**
 * Runs a session renewal while holding a lock every tab of this origin shares (Web Locks API). Tabs share
 * the refresh cookie: two renewals sent at once would both carry the same one-use token, and the server
 * would take the second for a stolen copy and end the session. In turn, each tab's request carries the
 * token the previous renewal set. Without the API (old browsers) the renewal runs unguarded.
 */
function acrossTabs<T>(renewal: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return locks ? (locks.request('trawl-session-renewal', renewal) as Promise<T>) : renewal();
}
