import {
  DUPLICATE_SITE,
  EDGE_SITE,
  SPA_SITE,
  mountDocsSite,
  mountDuplicateSite,
  mountEdgeSite,
  mountSpaSite,
  startFixtureServer,
  type FixtureServer,
} from '@trawl/fixtures';
import {
  createTrawlClient,
  type CrawlLog,
  type CrawlResult,
  type StartCrawlRequest,
  type TrawlClient,
} from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let trawl: TrawlClient;
let edge: FixtureServer;
let docs: FixtureServer;
let dupes: FixtureServer;
let spa: FixtureServer;

beforeAll(async () => {
  [server, edge, docs, dupes, spa] = await Promise.all([
    startTestServer({ env: { TRAWL_REQUEST_TIMEOUT_MS: '1500', TRAWL_MAX_PAGE_BYTES: String(1024 * 1024) } }),
    startFixtureServer(),
    startFixtureServer(),
    startFixtureServer(),
    startFixtureServer(),
  ]);
  mountEdgeSite(edge, { slowMs: 3_000, hugeBytes: 2 * 1024 * 1024 });
  mountDocsSite(
    docs,
    await startFixtureServer({ host: '127.0.0.2' }).then((ext) => (closers.push(() => ext.close()), ext)),
  );
  mountDuplicateSite(dupes);
  mountSpaSite(spa);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
});
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  await server?.close();
  await Promise.all([edge, docs, dupes, spa].map((s) => s?.close()));
  await Promise.all(closers.map((c) => c()));
});

async function crawl(settings: StartCrawlRequest) {
  const started = await trawl.crawls.start(settings);
  const done = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
  const results: CrawlResult[] = [];
  for await (const r of trawl.crawls.results(done.id)) results.push(r);
  const logs: CrawlLog[] = [];
  for await (const l of trawl.crawls.logs(done.id)) logs.push(l);
  return {
    crawl: done,
    results,
    logs,
    paths: results.map((r) => new URL(r.url).pathname + new URL(r.url).search),
  };
}
const logFor = (logs: CrawlLog[], path: string) => logs.filter((l) => l.message.endsWith(path));

describe('what every crawler must handle (edge-case site, Cheerio engine)', () => {
  let run: Awaited<ReturnType<typeof crawl>>;
  let requests: FixtureServer['requests'];
  beforeAll(async () => {
    const before = edge.requests.length;
    run = await crawl({
      startUrl: `${edge.origin}/`,
      maxResults: 100,
      maxDepth: 3,
      engineType: 'cheerio',
      deduplicateContent: false,
    });
    requests = edge.requests.slice(before);
  }, 60_000);

  it('stores exactly the fetchable pages, redirect targets under their final URL', () => {
    expect(run.crawl.status).toBe('succeeded');
    expect(run.paths.sort()).toEqual(
      [
        '/',
        ...EDGE_SITE.articles,
        EDGE_SITE.redirects.chainEnd,
        EDGE_SITE.latin1,
        EDGE_SITE.hebrew,
        EDGE_SITE.hebrew1255,
      ].sort(),
    );
  });

  it('honours robots.txt for the Trawl agent, logging what it skipped', () => {
    for (const path of EDGE_SITE.disallowed) {
      expect(requests.some((r) => r.path === path)).toBe(false);
      expect(logFor(run.logs, path)).toContainEqual(
        expect.objectContaining({
          message: `Skipped ${edge.origin}${path}`,
          description: 'Disallowed by robots.txt.',
        }),
      );
    }
  });

  it('waits the Crawl-delay between requests to the site', () => {
    const pages = requests.filter((r) => r.path !== '/robots.txt');
    const gaps = pages.slice(1).map((r, i) => r.at - pages[i]!.at);
    // Starts are spaced exactly (see politeness.test.ts); arrivals here also carry each request's latency, which
    // a busy machine stretches for one request and not the next (100 ms and more under CI load). So: never two
    // requests at once (a crawler without the delay sends several together), and the run spans at least the
    // delay times the gaps, less one request's latency.
    const delayMs = EDGE_SITE.crawlDelaySeconds * 1000;
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20);
    expect(pages.at(-1)!.at - pages[0]!.at).toBeGreaterThanOrEqual(gaps.length * delayMs - 150);
  });

  it('turns loops, errors, timeouts, oversize and non-HTML into log lines', () => {
    const reason = (path: string) =>
      logFor(run.logs, path)
        .map((l) => l.description)
        .join(' ');
    expect(reason(EDGE_SITE.redirects.loop)).toBe('Redirect loop');
    expect(reason(EDGE_SITE.errors.notFound)).toContain('HTTP 404');
    expect(reason(EDGE_SITE.errors.serverError)).toContain('HTTP 500');
    expect(reason(EDGE_SITE.slow)).toBe('Request timed out');
    expect(reason(EDGE_SITE.huge)).toMatch(/exceeded\.$/);
    expect(reason('/files/report.pdf')).toBe('Not a web page (.pdf).');
    expect(requests.some((r) => r.path.startsWith('/files/'))).toBe(false);
  });

  it('decodes each page with its own charset and keeps right-to-left text intact', () => {
    const md = (path: string) => run.results.find((r) => r.url.endsWith(path))!.markdown;
    expect(md(EDGE_SITE.latin1)).toContain(EDGE_SITE.latin1Text);
    expect(md(EDGE_SITE.hebrew)).toContain(EDGE_SITE.hebrewText);
    expect(md(EDGE_SITE.hebrew1255)).toContain(EDGE_SITE.hebrewText);
    expect(run.results.find((r) => r.url.endsWith(EDGE_SITE.hebrew))!.title).toBe('עמוד עברי');
  });

  it('fetches each page once', () => {
    const paths = requests.map((r) => r.path);
    expect(paths.length).toBe(new Set(paths).size);
  });
});

describe('crawl settings', () => {
  it('Use sitemap: crawls the URLs the sitemap index and its gzipped child list, ignoring other sites', async () => {
    const run = await crawl({ startUrl: `${edge.origin}/`, useSitemap: true, maxResults: 1, maxDepth: 1 });
    expect(run.paths.sort()).toEqual(['/', ...EDGE_SITE.sitemapOnly].sort());
    expect(run.logs.map((l) => l.message)).toContain(`Read sitemap ${edge.origin}/sitemap-index.xml`);
    expect(run.logs.map((l) => l.message)).toContain('Sitemaps list 6 pages of this site');
  });

  it('Entire website: every page of the site whatever max depth says', async () => {
    const run = await crawl({ startUrl: `${docs.origin}/`, entireWebsite: true, maxDepth: 1, maxResults: 2 });
    expect(run.results).toHaveLength(36);
  });

  it('Include links: on keeps absolute links, off keeps their text only', async () => {
    const on = await crawl({ startUrl: `${docs.origin}/about`, maxResults: 1 });
    expect(on.results[0]!.markdown).toContain(`[Go to /](${docs.origin}/)`);
    const off = await crawl({ startUrl: `${docs.origin}/about`, maxResults: 1, includeLinks: false });
    expect(off.results[0]!.markdown).toContain('- Go to /');
    expect(off.results[0]!.markdown).not.toContain('](');
  });

  it('Exclude non main tags: on drops header, nav and footer; off keeps them', async () => {
    const on = await crawl({ startUrl: `${docs.origin}/about`, maxResults: 1 });
    expect(on.results[0]!.markdown).not.toMatch(/Fixture footer text|Fixture Docs\]/);
    const off = await crawl({ startUrl: `${docs.origin}/about`, maxResults: 1, excludeNonMainTags: false });
    expect(off.results[0]!.markdown).toContain('Fixture footer text');
  });

  it('Remove duplicate content: repeated blocks kept at first occurrence, same article stored once', async () => {
    const run = await crawl({ startUrl: `${dupes.origin}/`, maxResults: 50 });
    expect(run.paths).toEqual([
      '/',
      ...DUPLICATE_SITE.posts,
      DUPLICATE_SITE.sameArticle[0],
      DUPLICATE_SITE.canonicalTarget,
    ]);
    const byPath = (p: string) => run.results.find((r) => r.url.endsWith(p))!;
    expect(byPath('/posts/1').duplicatesRemovedCount).toBe(0);
    expect(byPath('/posts/1').markdown).toContain(DUPLICATE_SITE.boilerplate.paragraph);
    for (const p of ['/posts/2', '/posts/3']) {
      expect(byPath(p).duplicatesRemovedCount).toBe(4);
      expect(byPath(p).markdown).not.toContain(DUPLICATE_SITE.boilerplate.paragraph);
      expect(byPath(p).markdown).not.toContain(DUPLICATE_SITE.boilerplate.listItems[0]);
      expect(byPath(p).markdown).toContain(DUPLICATE_SITE.uniqueText(Number(p.slice(-1))));
    }
    expect(run.logs).toContainEqual(
      expect.objectContaining({
        message: `Skipped duplicate ${dupes.origin}${DUPLICATE_SITE.sameArticle[1]}`,
        description: `Same content as ${dupes.origin}${DUPLICATE_SITE.sameArticle[0]}.`,
      }),
    );
  });

  it('Remove duplicate content off: nothing is removed (a canonical alias is still one page)', async () => {
    const run = await crawl({ startUrl: `${dupes.origin}/`, maxResults: 50, deduplicateContent: false });
    expect(run.paths).toEqual([
      '/',
      ...DUPLICATE_SITE.posts,
      ...DUPLICATE_SITE.sameArticle,
      DUPLICATE_SITE.canonicalTarget,
    ]);
    expect(run.results.every((r) => r.duplicatesRemovedCount === 0)).toBe(true);
    expect(run.results.find((r) => r.url.endsWith('/posts/3'))!.markdown).toContain(
      DUPLICATE_SITE.boilerplate.paragraph,
    );
    expect(
      run.logs.some((l) =>
        l.description?.startsWith(`Its canonical URL ${dupes.origin}${DUPLICATE_SITE.canonicalTarget}`),
      ),
    ).toBe(true);
  });
});

describe('engines on a client-rendered site', () => {
  const rendered = (results: CrawlResult[], path: string) =>
    results.find((r) => r.url.endsWith(path))?.markdown.includes(SPA_SITE.renderedText(path));

  it('Cheerio sees only the empty shell', async () => {
    const run = await crawl({ startUrl: `${spa.origin}/app/`, engineType: 'cheerio', maxResults: 10 });
    expect(run.paths).toEqual(['/app/']);
    expect(rendered(run.results, '/app/')).toBe(false);
  });

  it('Playwright renders every page and finds the links scripts create', async () => {
    const run = await crawl({ startUrl: `${spa.origin}/app/`, engineType: 'playwright', maxResults: 10 });
    expect(run.paths.sort()).toEqual([...SPA_SITE.rendered, SPA_SITE.staticPage].sort());
    for (const path of SPA_SITE.rendered) expect(rendered(run.results, path)).toBe(true);
    expect(logFor(run.logs, '/app/')[0]!.description).toContain('Chromium (Playwright engine)');
    expect(server.server.deps.orchestrator).toBeDefined();
  });

  it('Auto renders the pages that need it, says why, and then remembers the site', async () => {
    const run = await crawl({ startUrl: `${spa.origin}/app/`, engineType: 'auto', maxResults: 10 });
    expect(run.paths.sort()).toEqual([...SPA_SITE.rendered, SPA_SITE.staticPage].sort());
    for (const path of SPA_SITE.rendered) expect(rendered(run.results, path)).toBe(true);
    const fetched = run.logs.filter((l) => l.message.startsWith('Fetched '));
    expect(fetched[0]!.description).toContain('Chromium (Auto: empty #root app shell)');
    expect(
      fetched.slice(1).every((l) => l.description?.includes('Chromium (Auto: this site needs a browser)')),
    ).toBe(true);
  });

  it('Auto keeps static sites on Cheerio', async () => {
    const run = await crawl({ startUrl: `${docs.origin}/`, engineType: 'auto', maxResults: 5, maxDepth: 1 });
    const fetched = run.logs.filter((l) => l.message.startsWith('Fetched '));
    expect(fetched).toHaveLength(5);
    expect(fetched.every((l) => l.description?.includes('Cheerio (Auto: a static page)'))).toBe(true);
  });

  it("closes a crawl's browser context when the crawl ends", async () => {
    await crawl({ startUrl: `${spa.origin}/app/`, engineType: 'playwright', maxResults: 2 });
    await expect.poll(() => server.runner.engineStats()).toEqual({ browserContexts: 0, crawlsInMemory: 0 });
  });
});
