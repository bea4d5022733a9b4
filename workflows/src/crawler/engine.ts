import type {
  CrawlJob,
  CrawlLogEntry,
  FrontierEntry,
  PageOutcome,
  PageResult,
  PageValidators,
} from '../ports.js';
import {
  BrowserUnavailableError,
  createBrowserEngine,
  type BrowserEngine,
  type BrowserEngineOptions,
} from './browser.js';
import { availableParallelism } from 'node:os';
import {
  createHttpClient,
  type HttpClient,
  type HttpClientOptions,
  type HttpFetchResult,
} from './http-client.js';
import { hasMarkdownContent } from './markdown.js';
import type { ParsedPage } from './parse-page.js';
import { createParsePool, ParseError, type ParsePool } from './parse-pool.js';
import { createHostScheduler, type HostScheduler, type SharedPoliteness } from './politeness.js';
import { needsRendering } from './render-detect.js';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsRules } from './robots.js';
import { SERVER_PAGE_CAP } from './settings.js';
import { discoverSitemapUrls } from './sitemap.js';
import { isSameSite, siteKey } from './url.js';

export interface CrawlEngineOptions {
  http?: HttpClientOptions;
  /**
   * Worker threads that parse pages and write markdown; 0 parses on the main thread. The main thread
   * mostly waits on the network and the database, so one worker per core keeps every core busy.
   * @default the number of cores
   */
  parseWorkers?: number;
  browser?: Omit<BrowserEngineOptions, 'allowPrivateNetworks'>;
  /** Requests in flight per host across all crawls (Scrapy's default too). @default 8 */
  perHostConcurrency?: number;
  /** Politeness across processes (Temporal workers share it through their database). */
  sharedPoliteness?: SharedPoliteness;
  /** Told about faults the engine recovers from by itself, such as a parse worker that died. */
  onRecoveredFault?: (message: string, err: unknown) => void;
  /** How long a crawl no hold keeps at work is remembered (robots rules, Auto's choices). @default 600000 */
  idleCrawlMs?: number;
}

/** The crawl engine: what the crawl loop asks of a page, whichever driver runs the loop. */
export interface CrawlEngine {
  /** Fetches one frontier entry and returns its result, the links to follow and log lines; a page's failure is a log. */
  processPage(job: CrawlJob, entry: FrontierEntry, signal: AbortSignal): Promise<PageOutcome>;
  /** For sitemap crawls: the start site's URLs its sitemaps list (robots.txt `Sitemap:` lines and /sitemap.xml). */
  discoverSitemap(
    job: CrawlJob,
    signal: AbortSignal,
  ): Promise<{ entries: FrontierEntry[]; logs: CrawlLogEntry[] }>;
  /** Forgets a crawl: its robots cache, engine choices and browser context. */
  endCrawl(crawlId: string): Promise<void>;
  /**
   * Marks a crawl as at work on this process (a Temporal activity) until the returned release is called.
   * When its last hold ends, the crawl's browser context closes, and what the engine remembers of the
   * crawl is forgotten once it has been idle for `idleCrawlMs`: on a worker, nothing else would ever free
   * them, since the crawl's end is seen by whichever worker runs its last step.
   */
  holdCrawl(crawlId: string): () => Promise<void>;
  /** What the engine holds now: crawls it remembers and browser contexts open. */
  stats(): { crawlsInMemory: number; browserContexts: number };
  close(): Promise<void>;
}

/** Extensions that are never web pages; such links are skipped without a request. */
const NOT_PAGES =
  /\.(pdf|jpe?g|png|gif|webp|svg|ico|bmp|tiff?|mp[34]|m4[av]|avi|mov|mkv|webm|wav|ogg|flac|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|dmg|iso|apk|msi|deb|rpm|docx?|xlsx?|pptx?|odt|ods|csv|json|xml|rss|atom|woff2?|ttf|eot|css|js|wasm|bin)$/i;

interface CrawlMemory {
  robots: Map<string, Promise<RobotsRules>>;
  /** Sites where Auto found that pages need a browser; later pages go straight to Chromium. */
  renderSites: Set<string>;
  browserUnavailableLogged: boolean;
}

/**
 * Creates the engine for one process. HTTP connections, the per-host politeness and the browser are
 * shared by all crawls; what is learned about one crawl's sites lives in its own memory, rebuilt
 * lazily after a restart.
 */
export function createCrawlEngine(options: CrawlEngineOptions = {}): CrawlEngine {
  const client: HttpClient = createHttpClient(options.http);
  const hosts: HostScheduler = createHostScheduler({
    perHost: options.perHostConcurrency ?? 8,
    shared: options.sharedPoliteness,
  });
  const browser: BrowserEngine = createBrowserEngine({
    ...options.browser,
    allowPrivateNetworks: options.http?.allowPrivateNetworks ?? false,
  });
  const parser: ParsePool = createParsePool(options.parseWorkers ?? availableParallelism(), (err) =>
    options.onRecoveredFault?.('A parse worker died; its pages were parsed on the main thread', err),
  );
  const memories = new Map<string, CrawlMemory>();
  const holds = new Map<string, number>();
  const idleTimers = new Map<string, NodeJS.Timeout>();
  const memory = (crawlId: string): CrawlMemory => {
    let m = memories.get(crawlId);
    if (!m) {
      m = { robots: new Map(), renderSites: new Set(), browserUnavailableLogged: false };
      memories.set(crawlId, m);
    }
    return m;
  };

  const robotsFor = (
    job: CrawlJob,
    url: string,
    signal: AbortSignal,
    logs: CrawlLogEntry[],
  ): Promise<RobotsRules> => {
    const origin = new URL(url).origin;
    const cache = memory(job.id).robots;
    let rules = cache.get(origin);
    if (!rules) {
      rules = fetchRobots(origin, job, signal).then(({ rules: r, log }) => {
        if (log) logs.push(log);
        if (r.crawlDelay) hosts.setDelay(new URL(origin).host, r.crawlDelay);
        return r;
      });
      cache.set(origin, rules);
      rules.catch(() => cache.delete(origin));
    }
    return rules;
  };

  const fetchRobots = async (
    origin: string,
    job: CrawlJob,
    signal: AbortSignal,
  ): Promise<{ rules: RobotsRules; log: CrawlLogEntry | null }> => {
    const res = await client.fetchRaw(`${origin}/robots.txt`, {
      signal,
      viaProxy: job.settings.useStaticIps,
      maxBytes: 512 * 1024,
    });
    if (res.kind === 'ok') {
      const rules = parseRobots(Buffer.from(res.bytes).toString('utf8'));
      const delay = rules.crawlDelay
        ? ` It asks for a crawl delay of ${rules.crawlDelay} s between requests.`
        : '';
      return {
        rules,
        log: {
          level: 'debug',
          message: `Read ${origin}/robots.txt`,
          description: `Rules for the Trawl user agent apply.${delay}`,
        },
      };
    }
    // RFC 9309: an unavailable robots.txt (4xx) allows everything; an unreachable one (5xx) disallows it all.
    if (res.status && res.status >= 400 && res.status < 500) return { rules: ALLOW_ALL, log: null };
    if (res.status && res.status >= 500) {
      return {
        rules: DISALLOW_ALL,
        log: {
          level: 'warn',
          message: `robots.txt of ${origin} is unavailable`,
          description: `${res.reason}: the site is treated as disallowed, as RFC 9309 asks.`,
        },
      };
    }
    return { rules: ALLOW_ALL, log: null };
  };

  const fetchWithEngine = async (
    job: CrawlJob,
    url: string,
    signal: AbortSignal,
    logs: CrawlLogEntry[],
    conditional: PageValidators | null,
  ): Promise<{ fetched: HttpFetchResult; page: ParsedPage | null; engine: string }> => {
    const { settings } = job;
    const host = new URL(url).host;
    const site = siteKey(url);
    const mem = memory(job.id);
    const render = (): Promise<HttpFetchResult> =>
      hosts.schedule(
        host,
        () =>
          browser.render(url, {
            contextKey: job.id,
            signal,
            proxyUrl: settings.useStaticIps ? (options.http?.proxyUrl ?? null) : null,
          }),
        signal,
      );
    const extract = async (f: HttpFetchResult): Promise<ParsedPage | null> => {
      if (f.kind !== 'html') return null;
      const body = 'html' in f ? { html: f.html } : { bytes: f.bytes, contentType: f.contentType };
      return parser.parse(
        {
          ...body,
          url: f.url,
          excludeNonMainTags: settings.excludeNonMainTags,
          includeLinks: settings.includeLinks,
          dedup: settings.deduplicateContent,
        },
        signal,
      );
    };

    if (
      settings.engineType === 'playwright' ||
      (settings.engineType === 'auto' && mem.renderSites.has(site))
    ) {
      const fetched = await render();
      const why =
        settings.engineType === 'playwright' ? 'Playwright engine' : 'Auto: this site needs a browser';
      return { fetched, page: await extract(fetched), engine: `Chromium (${why})` };
    }
    const beforeHop = (next: string): Promise<void> => hosts.pace(new URL(next).host, signal);
    const fetched = await hosts.schedule(
      host,
      () => client.fetchPage(url, { signal, viaProxy: settings.useStaticIps, beforeHop, conditional }),
      signal,
    );
    const page = await extract(fetched);
    if (settings.engineType === 'cheerio' || !page) return { fetched, page, engine: 'Cheerio' };

    const decision = needsRendering(page.signals);
    if (!decision.render) return { fetched, page, engine: `Cheerio (Auto: ${decision.reason})` };
    try {
      const rendered = await render();
      const renderedPage = await extract(rendered);
      if (!renderedPage)
        return {
          fetched,
          page,
          engine: `Cheerio (Auto: rendering failed, ${'reason' in rendered ? rendered.reason : ''})`,
        };
      if (renderedPage.signals.textLength > page.signals.textLength) mem.renderSites.add(site);
      return { fetched: rendered, page: renderedPage, engine: `Chromium (Auto: ${decision.reason})` };
    } catch (err: unknown) {
      if (!(err instanceof BrowserUnavailableError)) throw err;
      if (!mem.browserUnavailableLogged) {
        mem.browserUnavailableLogged = true;
        logs.push({
          level: 'warn',
          message: 'Browser unavailable; Auto keeps the HTTP result',
          description: err.message,
        });
      }
      return { fetched, page, engine: 'Cheerio (Auto: browser unavailable)' };
    }
  };

  return {
    async processPage(job, entry, signal) {
      const { settings } = job;
      const logs: CrawlLogEntry[] = [];
      const outcome = (result: PageResult | null, discovered: FrontierEntry[] = []): PageOutcome => ({
        entry,
        result,
        discovered,
        logs,
      });
      const extension = new URL(entry.url).pathname.match(NOT_PAGES)?.[1];
      if (extension) {
        logs.push({
          level: 'info',
          message: `Skipped ${entry.url}`,
          description: `Not a web page (.${extension.toLowerCase()}).`,
        });
        return outcome(null);
      }
      const rules = await robotsFor(job, entry.url, signal, logs);
      if (!rules.isAllowed(entry.url)) {
        logs.push({
          level: 'info',
          message: `Skipped ${entry.url}`,
          description: 'Disallowed by robots.txt.',
        });
        return outcome(null);
      }

      let fetched: HttpFetchResult;
      let page: ParsedPage | null;
      let engine: string;
      try {
        ({ fetched, page, engine } = await fetchWithEngine(
          job,
          entry.url,
          signal,
          logs,
          entry.previous ?? null,
        ));
      } catch (err: unknown) {
        if (err instanceof BrowserUnavailableError) {
          logs.push({ level: 'error', message: `Failed to render ${entry.url}`, description: err.message });
          return outcome(null);
        }
        if (err instanceof ParseError) {
          logs.push({ level: 'warn', message: `Failed to parse ${entry.url}`, description: err.message });
          return outcome(null);
        }
        throw err;
      }
      const followLinks = !settings.useSitemap && (settings.entireWebsite || entry.depth < settings.maxDepth);
      if (fetched.kind === 'not-modified' && entry.previous) {
        // Unchanged since the crawl this one repeats: nothing to parse; its links from then lead on.
        const { links, etag, lastModified } = entry.previous;
        logs.push({
          level: 'debug',
          message: `Not modified ${entry.url}`,
          description: `HTTP 304, depth ${entry.depth}: unchanged since the previous crawl.`,
        });
        return outcome(
          {
            requestedUrl: entry.url,
            url: entry.url,
            title: '',
            markdown: '',
            duplicatesRemovedCount: 0,
            notModified: true,
            validators: { etag, lastModified },
            links,
          },
          followLinks ? links.map((url) => ({ url, depth: entry.depth + 1 })) : [],
        );
      }
      if (fetched.kind === 'not-modified') {
        logs.push({ level: 'warn', message: `Failed to fetch ${entry.url}`, description: 'HTTP 304' });
        return outcome(null);
      }
      if (fetched.kind === 'failed') {
        logs.push({
          level: 'warn',
          message: `Failed to fetch ${entry.url}`,
          description: fetched.status ? `${fetched.reason} (${engine})` : fetched.reason,
        });
        return outcome(null);
      }
      if (fetched.kind === 'skipped' || !page) {
        logs.push({
          level: 'info',
          message: `Skipped ${entry.url}`,
          description: fetched.kind === 'skipped' ? fetched.reason : 'No HTML.',
        });
        return outcome(null);
      }
      if (fetched.url !== entry.url) {
        // Scope follows the page: the start page may redirect to another site, any other page may not.
        if (entry.depth > 0 && siteKey(fetched.url) !== siteKey(entry.url)) {
          logs.push({
            level: 'info',
            message: `Skipped ${entry.url}`,
            description: `Redirects outside the site, to ${fetched.url}.`,
          });
          return outcome(null);
        }
        if (!(await robotsFor(job, fetched.url, signal, logs)).isAllowed(fetched.url)) {
          logs.push({
            level: 'info',
            message: `Skipped ${entry.url}`,
            description: `Redirects to ${fetched.url}, which robots.txt disallows.`,
          });
          return outcome(null);
        }
      }

      const { markdown } = page;
      logs.push({
        level: 'debug',
        message: `Fetched ${fetched.url}`,
        description: `HTTP ${fetched.status}, depth ${entry.depth}, ${engine}.`,
      });
      if (page.fellBackToBody)
        logs.push({
          level: 'debug',
          message: `No main content found on ${fetched.url}`,
          description: 'Used the whole page body instead.',
        });

      const site = siteKey(fetched.url);
      const links = page.links.filter((link) => isSameSite(link, site));
      const discovered = followLinks ? links.map((url) => ({ url, depth: entry.depth + 1 })) : [];
      if (!hasMarkdownContent(markdown)) {
        // Never stored as if it were content; its links are still followed.
        logs.push({
          level: 'info',
          message: `Skipped ${fetched.url}`,
          description: 'No content: the page has no text or images.',
        });
        return outcome(null, discovered);
      }
      const canonicalUrl =
        page.canonicalUrl && page.canonicalUrl !== fetched.url && isSameSite(page.canonicalUrl, site)
          ? page.canonicalUrl
          : null;
      return outcome(
        {
          requestedUrl: entry.url,
          url: fetched.url,
          title: page.title || fetched.url,
          markdown,
          duplicatesRemovedCount: 0,
          canonicalUrl,
          dedup: page.dedup,
          validators: fetched.validators ?? null,
          links,
        },
        discovered,
      );
    },

    async discoverSitemap(job, signal) {
      const logs: CrawlLogEntry[] = [];
      const start = job.settings.startUrl;
      const origin = new URL(start).origin;
      const rules = await robotsFor(job, start, signal, logs);
      const site = siteKey(start);
      const found = await discoverSitemapUrls([...rules.sitemaps, `${origin}/sitemap.xml`], {
        client,
        inScope: (url) => isSameSite(url, site),
        maxUrls: SERVER_PAGE_CAP,
        viaProxy: job.settings.useStaticIps,
        signal,
      });
      logs.push(...found.logs, {
        level: found.urls.length ? 'info' : 'warn',
        message: found.urls.length
          ? `Sitemaps list ${found.urls.length} pages of this site`
          : 'No sitemap URLs found',
        description: found.urls.length
          ? null
          : `Looked in robots.txt and ${origin}/sitemap.xml; only the start URL will be crawled.`,
      });
      return { entries: found.urls.map((url) => ({ url, depth: 1 })), logs };
    },

    async endCrawl(crawlId) {
      memories.delete(crawlId);
      clearTimeout(idleTimers.get(crawlId));
      idleTimers.delete(crawlId);
      await browser.releaseContext(crawlId);
    },

    holdCrawl(crawlId) {
      holds.set(crawlId, (holds.get(crawlId) ?? 0) + 1);
      clearTimeout(idleTimers.get(crawlId));
      idleTimers.delete(crawlId);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        const left = (holds.get(crawlId) ?? 1) - 1;
        if (left > 0) return void holds.set(crawlId, left);
        holds.delete(crawlId);
        const timer = setTimeout(() => {
          idleTimers.delete(crawlId);
          if (!holds.has(crawlId)) memories.delete(crawlId);
        }, options.idleCrawlMs ?? 600_000);
        timer.unref();
        idleTimers.set(crawlId, timer);
        await browser.releaseContext(crawlId);
      };
    },

    stats: () => ({ crawlsInMemory: memories.size, browserContexts: browser.openContexts() }),

    async close() {
      memories.clear();
      for (const timer of idleTimers.values()) clearTimeout(timer);
      idleTimers.clear();
      await Promise.all([browser.close(), client.close(), parser.close()]);
    },
  };
}
