import { createTrawlClient, TrawlApiError, type Crawl, type CrawlResult, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocsFixture, type DocsFixture } from './fixture-sites.js';
import { createTeamWithToken, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let fixture: DocsFixture;
let trawl: TrawlClient;

beforeAll(async () => {
  [server, fixture] = await Promise.all([startTestServer(), startDocsFixture()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
});
afterAll(async () => {
  await Promise.all([server?.close(), fixture?.close()]);
});

async function crawlToEnd(
  settings: Parameters<TrawlClient['crawls']['start']>[0],
): Promise<{ crawl: Crawl; results: CrawlResult[] }> {
  const started = await trawl.crawls.start(settings);
  const crawl = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
  const results: CrawlResult[] = [];
  for await (const result of trawl.crawls.results(crawl.id, { pageSize: 7 })) results.push(result);
  return { crawl, results };
}

const path = (url: string) => new URL(url).pathname;

describe('crawling the docs fixture through the API', () => {
  it('stores every page up to max depth with its title and markdown, fetching each once and nothing external', async () => {
    const before = fixture.site.requests.length;
    // Dedup off: the fixture repeats sentences across pages, and this test wants every page whole.
    const { crawl, results } = await crawlToEnd({
      startUrl: fixture.startUrl,
      maxResults: 100,
      maxDepth: 3,
      deduplicateContent: false,
    });

    const expected = fixture.docs.pages.filter((p) => p.depth <= 3);
    expect(expected).toHaveLength(33);
    expect(crawl).toMatchObject({
      status: 'succeeded',
      numberOfResults: 33,
      origin: 'api',
      title: 'Fixture Docs Home',
    });
    expect(crawl.completedAt).not.toBeNull();
    expect(crawl.durationInSeconds).toBeGreaterThanOrEqual(0);
    expect(results.map((r) => path(r.url)).sort()).toEqual(expected.map((p) => p.path).sort());
    expect(results.map((r) => r.position)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));

    for (const result of results) {
      const page = fixture.docs.byPath(path(result.url));
      expect(result.title).toBe(page.title);
      expect(result.markdown).toContain(`# ${page.heading}`);
      for (const paragraph of page.paragraphs) expect(result.markdown).toContain(paragraph);
      expect(result.markdown).not.toContain('Fixture footer text');
    }

    const requested = fixture.site.requests.slice(before).map((r) => r.path);
    expect(new Set(requested).size).toBe(requested.length);
    expect(requested.filter((p) => p === '/about')).toHaveLength(1);
    expect(fixture.external.requests).toHaveLength(0);
  });

  it('honours max depth exactly: depth 1 is the start page and the pages it links to', async () => {
    const { crawl, results } = await crawlToEnd({ startUrl: fixture.startUrl, maxResults: 100, maxDepth: 1 });
    const expected = fixture.docs.pages.filter((p) => p.depth <= 1).map((p) => p.path);
    expect(crawl.status).toBe('succeeded');
    expect(results.map((r) => path(r.url)).sort()).toEqual(expected.sort());
  });

  it('reaches depth 4 when allowed', async () => {
    const { results } = await crawlToEnd({ startUrl: fixture.startUrl, maxResults: 100, maxDepth: 4 });
    expect(results).toHaveLength(fixture.docs.pages.length);
  });

  it('honours max results exactly, breadth first', async () => {
    const { crawl, results } = await crawlToEnd({ startUrl: fixture.startUrl, maxResults: 5, maxDepth: 3 });
    expect(crawl).toMatchObject({ status: 'succeeded', numberOfResults: 5 });
    expect(results).toHaveLength(5);
    for (const r of results) expect(fixture.docs.byPath(path(r.url)).depth).toBeLessThanOrEqual(1);
  });

  it('pages results with 0-based pages', async () => {
    const { crawl } = await crawlToEnd({ startUrl: fixture.startUrl, maxResults: 7, maxDepth: 2 });
    const first = await trawl.crawls.resultsPage(crawl.id, { page: 0, limit: 3 });
    const last = await trawl.crawls.resultsPage(crawl.id, { page: 2, limit: 3 });
    expect(first).toMatchObject({ page: 0, totalPages: 3, totalResults: 7 });
    expect(first.results.map((r) => r.position)).toEqual([1, 2, 3]);
    expect(last.results.map((r) => r.position)).toEqual([7]);
  });

  it('ends failed, with the reason logged, when the start URL cannot be fetched', async () => {
    const { crawl, results } = await crawlToEnd({
      startUrl: `${fixture.site.origin}/missing`,
      maxResults: 5,
    });
    expect(crawl.status).toBe('failed');
    expect(results).toHaveLength(0);
  });
});

describe('logs, search and CSV', () => {
  let crawlId: string;
  beforeAll(async () => {
    crawlId = (await crawlToEnd({ startUrl: fixture.startUrl, maxResults: 6, maxDepth: 1 })).crawl.id;
  });

  it('logs the start with its settings, each page fetched, and why it stopped', async () => {
    const lines = [];
    for await (const line of trawl.crawls.logs(crawlId, { pageSize: 3 })) lines.push(line);
    expect(lines[0]).toMatchObject({ level: 'info', message: 'Crawl started' });
    expect(lines[0]!.description).toContain('max results 6, max depth 1');
    expect(lines.filter((l) => l.message.startsWith('Fetched '))).toHaveLength(6);
    expect(lines.at(-1)).toMatchObject({ level: 'info', message: 'Crawl finished' });
  });

  it('searches results by URL, title or markdown', async () => {
    const found = await trawl.crawls.resultsPage(crawlId, { query: 'about page' });
    expect(found.totalResults).toBe(1);
    expect(found.results[0]!.title).toBe('About the Fixture');
    expect((await trawl.crawls.resultsPage(crawlId, { query: 'no such text 100%' })).totalResults).toBe(0);
  });

  it('downloads every result as CSV with a header row', async () => {
    const response = await fetch(`${server.url}/crawls/${crawlId}/crawl-results/csv`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="crawl-results-${crawlId}.csv"`,
    );
    const csv = await trawl.crawls.downloadCsv(crawlId);
    expect(csv.split('\r\n')[0]).toBe(
      'position,url,title,markdown,duplicatesRemovedCount,createdAt,data,extractionTokens',
    );
    expect(csv).toContain(',About the Fixture,"# About the Fixture');
    expect(csv.match(/\r\n\d+,http/g)).toHaveLength(6);
  });

  it('reports no static IP when none is configured', async () => {
    expect(await trawl.crawlOptions()).toEqual({ staticIp: null });
  });
});

describe('listing, searching and aborting crawls', () => {
  it('lists newest first and finds crawls by URL or ID', async () => {
    const a = await trawl.crawls.start({ startUrl: `${fixture.site.origin}/about`, maxResults: 1 });
    const b = await trawl.crawls.start({ startUrl: `${fixture.site.origin}/blog/`, maxResults: 1 });
    const page = await trawl.crawls.list({ page: 0, limit: 2 });
    expect(page.results.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(page.totalPages).toBeGreaterThan(1);

    const byUrl = await trawl.crawls.list({ query: '/blog' });
    expect(byUrl.results.map((c) => c.id)).toContain(b.id);
    expect(byUrl.results.map((c) => c.id)).not.toContain(a.id);
    const byId = await trawl.crawls.list({ query: a.id });
    expect(byId.results.map((c) => c.id)).toEqual([a.id]);
    await Promise.all([a, b].map((c) => trawl.crawls.waitForCompletion(c.id, { pollIntervalMs: 50 })));
  });

  it('aborts a running crawl at once, keeping its results, and refuses a second abort', async () => {
    fixture.site.route('/slow', {
      body: '<html><head><title>Slow</title></head><body><main><p>Slow page</p></main></body></html>',
      delayMs: 5_000,
    });
    const crawl = await trawl.crawls.start({ startUrl: `${fixture.site.origin}/slow`, maxResults: 5 });
    const started = Date.now();
    const aborted = await trawl.crawls.abort(crawl.id);
    expect(aborted.status).toBe('aborted');
    expect(aborted.completedAt).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await trawl.crawls.get(crawl.id)).status).toBe('aborted');
    await expect(trawl.crawls.abort(crawl.id)).rejects.toMatchObject({
      status: 409,
      code: 'crawl_not_running',
    });
  });
});

describe('bad input', () => {
  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['an invalid URL', { startUrl: 'not a url' }, 'startUrl', 'Start URL must be a valid URL'],
    ['a non-web URL', { startUrl: 'ftp://example.com/' }, 'startUrl', 'Start URL must be a valid URL'],
    ['a missing start URL', {}, 'startUrl', 'Start URL is required and must be a string'],
    ['max results 0', { maxResults: 0 }, 'maxResults', 'Max Results must be a number between 1 and 5000'],
    [
      'max results 5001',
      { maxResults: 5001 },
      'maxResults',
      'Max Results must be a number between 1 and 5000',
    ],
    [
      'a fractional max results',
      { maxResults: 2.5 },
      'maxResults',
      'Max Results must be a number between 1 and 5000',
    ],
    ['depth 51', { maxDepth: 51 }, 'maxDepth', 'Max Depth must be a number between 1 and 50'],
    ['depth 0', { maxDepth: 0 }, 'maxDepth', 'Max Depth must be a number between 1 and 50'],
    [
      'a string for a number',
      { maxResults: '10' },
      'maxResults',
      'Max Results must be a number between 1 and 5000',
    ],
    ['a string for a boolean', { useSitemap: 'yes' }, 'useSitemap', 'Use Sitemap must be a boolean'],
    [
      'an unknown engine',
      { engineType: 'selenium' },
      'engineType',
      'Engine Type must be one of: cheerio, playwright, auto',
    ],
    ['a timeout of 0', { timeout: 0 }, 'timeout', 'Timeout must be a number between 1 and 9999999999'],
    ['a number for extraction', { extraction: 5 }, 'extraction', 'Extraction must be a string or null'],
    ['an unknown field', { maxPages: 5 }, 'maxPages', 'Unknown field "maxPages"'],
    [
      'static IPs with none configured',
      { useStaticIps: true },
      'useStaticIps',
      'Static IPs are not configured on this server; turn Use Static IPs off',
    ],
  ];

  it.each(invalid)(
    'rejects %s with 400 naming the field, and creates nothing',
    async (_name, patch, field, message) => {
      const before = (await trawl.crawls.list({ limit: 1 })).totalResults;
      const body = { startUrl: fixture.startUrl, ...patch };
      if (!('startUrl' in patch) && Object.keys(patch).length === 0)
        delete (body as { startUrl?: string }).startUrl;
      const error = await trawl.crawls.start(body as never).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(TrawlApiError);
      expect(error).toMatchObject({ status: 400 });
      expect((error as TrawlApiError).details).toContainEqual({ path: field, message });
      expect((await trawl.crawls.list({ limit: 1 })).totalResults).toBe(before);
    },
  );

  it('names every bad field at once', async () => {
    const error = (await trawl.crawls
      .start({ startUrl: 'x', maxResults: 0, maxDepth: 99 } as never)
      .catch((e: unknown) => e)) as TrawlApiError;
    expect(error.details.map((d) => d.path).sort()).toEqual(['maxDepth', 'maxResults', 'startUrl']);
  });

  it('rejects malformed JSON', async () => {
    const response = await fetch(`${server.url}/crawls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: '{"startUrl":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'invalid_json', message: 'Invalid JSON format' });
  });

  it('answers 401 without a token or with a bad one', async () => {
    const anonymous = createTrawlClient({ baseUrl: server.url });
    await expect(anonymous.crawls.list()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    const wrong = createTrawlClient({ baseUrl: server.url, token: 'trawl_thisisnotarealtokenatallxxxxxxxx' });
    await expect(wrong.crawls.start({ startUrl: fixture.startUrl })).rejects.toMatchObject({ status: 401 });
  });

  it("answers 404 for an unknown crawl and for another team's crawl", async () => {
    const mine = await trawl.crawls.start({ startUrl: `${fixture.site.origin}/about`, maxResults: 1 });
    const other = await createTeamWithToken(server.server.database);
    const theirs = createTrawlClient({ baseUrl: server.url, token: other.token });
    await expect(theirs.crawls.get(mine.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(theirs.crawls.resultsPage(mine.id)).rejects.toMatchObject({ status: 404 });
    await expect(theirs.crawls.abort(mine.id)).rejects.toMatchObject({ status: 404 });
    expect((await theirs.crawls.list()).results).toEqual([]);
    await expect(trawl.crawls.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
    await expect(trawl.crawls.get('not-an-id')).rejects.toMatchObject({ status: 404 });
    await trawl.crawls.waitForCompletion(mine.id, { pollIntervalMs: 50 });
  });
});
