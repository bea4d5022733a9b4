import {
  CHANGING_SITE,
  mountChangingSite,
  mountRealisticSite,
  page,
  startFixtureServer,
  type ChangingSite,
  type FixtureServer,
  type RealisticSite,
} from '@trawl/fixtures';
import { createTrawlClient, TrawlApiError, type Crawl, type CrawlResult, type TrawlClient } from '@trawl/sdk';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlBlockHashes, crawlBlockMemory, crawlFolders, teams } from '../src/db/schema.js';
import { startTestServer, type TestServer } from './harness.js';

// Recrawls (issue #16): a site that changes between two crawls gives exact change statuses and diffs,
// answers the recrawl's conditional requests with 304s, and unchanged pages cost no usage units.
let server: TestServer;
let site: FixtureServer;
let changing: ChangingSite;
let trawl: TrawlClient;

beforeAll(async () => {
  [server, site] = await Promise.all([startTestServer(), startFixtureServer()]);
  changing = mountChangingSite(site);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
});
afterAll(async () => {
  await Promise.all([server?.close(), site?.close()]);
});

const c = CHANGING_SITE;
const path = (url: string) => new URL(url).pathname;

async function resultsOf(crawlId: string): Promise<CrawlResult[]> {
  const results: CrawlResult[] = [];
  for await (const result of trawl.crawls.results(crawlId, { pageSize: 5 })) results.push(result);
  return results;
}

async function usageUsed(): Promise<number> {
  const [team] = await server.server.deps.db
    .select({ usageUsed: teams.usageUsed })
    .from(teams)
    .where(eq(teams.id, server.teamId));
  return team!.usageUsed;
}

describe('recrawling a site that changed', () => {
  let first: Crawl;
  let second: Crawl;
  let results: CrawlResult[];
  let usageBefore: number;

  beforeAll(async () => {
    changing.setVersion(1);
    const started = await trawl.crawls.start({ startUrl: `${site.origin}/`, maxResults: 50, maxDepth: 3 });
    first = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
    changing.setVersion(2);
    changing.clearRequests();
    usageBefore = await usageUsed();
    const next = await trawl.crawls.recrawl(first.id);
    second = await trawl.crawls.waitForCompletion(next.id, { pollIntervalMs: 50 });
    results = await resultsOf(second.id);
  });

  it('gives every page its exact change status, and the crawl the four counts', () => {
    expect(first.status).toBe('succeeded');
    expect(first.changes).toBeNull();
    expect(second).toMatchObject({ status: 'succeeded', compareWith: first.id });
    const statuses = Object.fromEntries(results.map((r) => [path(r.url), r.changeStatus]));
    expect(statuses).toEqual({
      '/': 'unchanged',
      [c.etagUnchanged]: 'unchanged',
      [c.etagEdited]: 'changed',
      [c.lastModifiedUnchanged]: 'unchanged',
      [c.plainUnchanged]: 'unchanged',
      [c.plainEdited]: 'changed',
      [c.deep]: 'unchanged',
      [c.added]: 'new',
      [c.movedTo]: 'new',
      [c.removed]: 'removed',
      [c.moved]: 'removed',
    });
    expect(second.changes).toEqual({ new: 2, changed: 2, unchanged: 5, removed: 2 });
    // Removed pages come after the results, which are numbered as before.
    expect(second.numberOfResults).toBe(9);
    expect(results.slice(-2).map((r) => r.changeStatus)).toEqual(['removed', 'removed']);
  });

  it('carries a unified diff of the markdown on changed pages only', () => {
    const byPath = new Map(results.map((r) => [path(r.url), r]));
    const news = byPath.get(c.etagEdited)!;
    expect(news.diff).toContain(`--- ${news.url}\tprevious crawl`);
    expect(news.diff).toContain(`+++ ${news.url}\tthis crawl`);
    expect(news.diff).toContain(`-${c.newsText[1]}`);
    expect(news.diff).toContain(`+${c.newsText[2]}`);
    expect(byPath.get(c.plainEdited)!.diff).toContain(`+${c.blogText[2]}`);
    expect(byPath.get(c.removed)!.diff).toContain('-An old page, soon gone.');
    for (const p of ['/', c.etagUnchanged, c.plainUnchanged, c.added]) expect(byPath.get(p)!.diff).toBeNull();
    // A 304 keeps the page's content from the crawl before.
    expect(byPath.get(c.etagUnchanged)!.markdown).toContain('We build crawlers.');
  });

  it('sends conditional requests from the stored validators, and the site answers 304', () => {
    const seen = (p: string) => changing.requests.filter((r) => r.path === p);
    expect(seen(c.etagUnchanged)).toEqual([
      { path: c.etagUnchanged, ifNoneMatch: '"about-1"', ifModifiedSince: null, status: 304 },
    ]);
    expect(seen(c.lastModifiedUnchanged)).toEqual([
      { path: c.lastModifiedUnchanged, ifNoneMatch: null, ifModifiedSince: c.lastModified, status: 304 },
    ]);
    expect(seen(c.etagEdited)).toEqual([
      { path: c.etagEdited, ifNoneMatch: '"news-1"', ifModifiedSince: null, status: 200 },
    ]);
    // Pages without validators are fetched whole and compared by content hash.
    expect(seen(c.plainUnchanged)).toEqual([
      { path: c.plainUnchanged, ifNoneMatch: null, ifModifiedSince: null, status: 200 },
    ]);
    // The page behind the 304 was still reached through the links stored with it.
    expect(seen(c.deep)).toHaveLength(1);
    expect(seen(c.removed)[0]!.status).toBe(404);
    expect(seen(c.moved)[0]!.status).toBe(301);
  });

  it('charges usage units for new and changed pages only', async () => {
    expect((await usageUsed()) - usageBefore).toBe(4);
  });

  it('filters results by change status', async () => {
    const changed = await trawl.crawls.resultsPage(second.id, { changeStatus: 'changed' });
    expect(changed.totalResults).toBe(2);
    expect(changed.results.map((r) => path(r.url)).sort()).toEqual([c.plainEdited, c.etagEdited].sort());
    const all = await trawl.crawls.resultsPage(second.id, { limit: 100 });
    expect(all.totalResults).toBe(11);
  });

  it('files the series in the "<host> history" folder, the original too', async () => {
    const host = new URL(site.origin).host;
    const folders = await server.server.deps.db
      .select()
      .from(crawlFolders)
      .where(eq(crawlFolders.name, `${host} history`));
    expect(folders).toHaveLength(1);
    expect(second.parentId).toBe(folders[0]!.id);
    expect((await trawl.crawls.get(first.id)).parentId).toBe(folders[0]!.id);

    // A third crawl of the series compares with the second and stays in the same folder.
    changing.clearRequests();
    const third = await trawl.crawls.waitForCompletion((await trawl.crawls.recrawl(second.id)).id, {
      pollIntervalMs: 50,
    });
    expect(third).toMatchObject({ compareWith: second.id, parentId: folders[0]!.id });
    expect(third.changes).toEqual({ new: 0, changed: 0, unchanged: 9, removed: 0 });
    // The edited page now sends its new ETag and gets its 304.
    expect(changing.requests.find((r) => r.path === c.etagEdited)).toMatchObject({
      ifNoneMatch: '"news-2"',
      status: 304,
    });
  });

  it('recrawls without comparing when changes is off', async () => {
    const plain = await trawl.crawls.recrawl(first.id, { changes: false });
    const done = await trawl.crawls.waitForCompletion(plain.id, { pollIntervalMs: 50 });
    expect(done).toMatchObject({ compareWith: null, changes: null, numberOfResults: 9 });
    expect((await resultsOf(done.id)).every((r) => r.changeStatus === null && r.diff === null)).toBe(true);
  });

  it('refuses to compare with an unknown crawl', async () => {
    const err = await trawl.crawls
      .start({ startUrl: `${site.origin}/`, compareWith: '00000000-0000-4000-8000-000000000000' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TrawlApiError);
    expect(err).toMatchObject({ status: 400, code: 'validation_error' });
    const missing = await trawl.crawls
      .recrawl('00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404 });
    // The try-out without an account compares with nothing.
    const anonymous = await fetch(`${server.url}/app/crawls/public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ startUrl: `${site.origin}/`, compareWith: first.id }),
    });
    expect(anonymous.status).toBe(400);
    expect(await anonymous.json()).toMatchObject({ code: 'account_required' });
  });
});

describe.each([
  { validators: true, how: 'its pages answering 304' },
  { validators: false, how: 'its pages parsed again (no ETag or Last-Modified)' },
])('recrawling a site that did not change, $how', ({ validators }) => {
  // The realistic site's exact copies and excerpts are left out of the first crawl as duplicates. With
  // validators their originals answer the recrawl with a 304, so the recrawl must still know their content to
  // leave the copies out again: otherwise they come back as `new` pages of an unchanged site. Those 304s
  // are slow, so the copies reach the recrawl first: its order of pages must not decide what is a
  // duplicate. Without validators every page is parsed and deduplicated again, and must come out the same.
  let realistic: FixtureServer;
  let mounted: RealisticSite;
  let first: Crawl;
  let second: Crawl;
  let third: Crawl;

  beforeAll(async () => {
    realistic = await startFixtureServer();
    mounted = mountRealisticSite(realistic, {
      pages: 150,
      slowMs: 10,
      validators,
      notModifiedDelayMs: 3000,
    });
    const started = await trawl.crawls.start({
      startUrl: `${realistic.origin}/`,
      entireWebsite: true,
      engineType: 'cheerio',
    });
    first = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
    mounted.notModified = 0;
    const next = await trawl.crawls.recrawl(first.id);
    second = await trawl.crawls.waitForCompletion(next.id, { pollIntervalMs: 50 });
    // The next run of a series compares with the recrawl, whose 304 pages were never parsed.
    const after = await trawl.crawls.recrawl(second.id);
    third = await trawl.crawls.waitForCompletion(after.id, { pollIntervalMs: 50 });
  }, 240_000);
  afterAll(() => realistic?.close());

  it('reports every page unchanged, the duplicates left out as the first crawl left them', async () => {
    expect(mounted.exactDuplicates.length + mounted.excerpts.length).toBeGreaterThan(0);
    expect(first.numberOfResults).toBeLessThan(150);
    expect(second).toMatchObject({
      status: 'succeeded',
      numberOfResults: first.numberOfResults,
      changes: { new: 0, changed: 0, unchanged: first.numberOfResults, removed: 0 },
    });
    expect(third).toMatchObject({
      status: 'succeeded',
      numberOfResults: first.numberOfResults,
      changes: { new: 0, changed: 0, unchanged: first.numberOfResults, removed: 0 },
    });
    // With validators every stored page was asked for conditionally, twice, and answered 304.
    expect(mounted.notModified).toBe(validators ? 2 * first.numberOfResults : 0);
    // Each ended crawl keeps its block hashes as one sorted array, and no rows of them.
    const db = server.server.deps.db;
    for (const id of [first.id, second.id, third.id]) {
      expect(await db.select().from(crawlBlockHashes).where(eq(crawlBlockHashes.crawlId, id))).toEqual([]);
      const [memory] = await db.select().from(crawlBlockMemory).where(eq(crawlBlockMemory.crawlId, id));
      expect(memory!.hashes.length).toBeGreaterThan(first.numberOfResults);
      expect(memory!.hashes.map(Number)).toEqual(memory!.hashes.map(Number).sort((a, b) => a - b));
    }
    const urls = async (id: string) => {
      const all: string[] = [];
      for await (const result of trawl.crawls.results(id)) all.push(result.url);
      return all.sort();
    };
    expect(await urls(second.id)).toEqual(await urls(first.id));
    expect(await urls(third.id)).toEqual(await urls(first.id));
  });
});

describe('recrawling a site where an article moved to a new address, word for word', () => {
  // The old address is gone and nothing redirects: the article at the new address is a new page, not a
  // copy of its old self, though the previous crawl holds the same content.
  it('reports the new address new and the old one removed, with the article whole', async () => {
    const moving = await startFixtureServer();
    try {
      const article = `<h1>Tide tables</h1>${Array.from(
        { length: 6 },
        (_, i) =>
          `<p>Paragraph ${i + 1} of the tide tables article, long enough to be a block of its own.</p>`,
      ).join('')}`;
      let version = 1;
      moving.route('/', () => ({
        body: page({
          title: 'Home',
          main: '<p>Welcome to the harbour pages.</p>',
          nav: ['/', version === 1 ? '/tides' : '/guides/tides'],
        }),
      }));
      moving.route('/tides', () =>
        version === 1 ? { body: page({ title: 'Tides', main: article }) } : { status: 404, body: 'gone' },
      );
      moving.route('/guides/tides', () =>
        version === 2 ? { body: page({ title: 'Tides', main: article }) } : { status: 404, body: 'gone' },
      );
      const started = await trawl.crawls.start({ startUrl: `${moving.origin}/`, maxDepth: 2 });
      const before = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
      expect(before.numberOfResults).toBe(2);
      version = 2;
      const again = await trawl.crawls.recrawl(before.id);
      const after = await trawl.crawls.waitForCompletion(again.id, { pollIntervalMs: 50 });
      expect(after.changes).toEqual({ new: 1, changed: 0, unchanged: 1, removed: 1 });
      const results: CrawlResult[] = [];
      for await (const result of trawl.crawls.results(after.id)) results.push(result);
      const moved = results.find((r) => new URL(r.url).pathname === '/guides/tides')!;
      expect(moved.changeStatus).toBe('new');
      expect(moved.markdown).toContain('Paragraph 6 of the tide tables article');
      expect(results.find((r) => new URL(r.url).pathname === '/tides')!.changeStatus).toBe('removed');
    } finally {
      await moving.close();
    }
  });
});
