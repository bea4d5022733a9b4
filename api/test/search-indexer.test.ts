import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/crawls/commit-batch.js';
import { createLogger } from '../src/logger.js';
import { createSearchIndexer, indexBatch } from '../src/search/indexer.js';
import { signUp, type Browser } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';
import { seedCrawl } from './seed.js';

// Full-text indexing off the commit path: results are stored without their search vector, the background
// indexer fills it in, and search finds a result the same before and after, on PGlite and PostgreSQL alike.

let server: TestServer;
let browser: Browser;
let teamId: string;
let projectId: string;

const db = () => server.server.deps.db;

beforeAll(async () => {
  // The server's own indexer looks once at start (nothing to do) and then not for an hour: the tests index.
  server = await startTestServer({
    env: { TRAWL_SEARCH_INDEX_POLL_MS: '3600000', TRAWL_SEARCH_INDEX_BATCH_SIZE: '4' },
  });
  const me = await signUp(server.url);
  browser = me.browser;
  teamId = me.user.teams[0]!.id;
  const [project] = await browser.expect<Array<{ id: string }>>(200, 'GET', '/teams/projects');
  projectId = project!.id;
});
afterAll(async () => {
  await server?.close();
});

const search = (crawlId: string, query: string) =>
  browser.expect<unknown>(200, 'POST', `/search/crawl-results/${crawlId}`, {
    body: { query },
    csrf: true,
  });

async function unindexed(crawlId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(
      sql`select count(*)::int as n from crawl_results where crawl_id = ${crawlId} and search_vector is null`,
    ),
  );
  return row!.n;
}

const pages = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    title: i % 3 === 0 ? `Crawling guide ${i}` : `Page ${i}`,
    markdown: `Crawlers ${'crawl '.repeat(i % 5)}the site and stop. Billing is elsewhere. Entry ${i}.`,
  }));

describe('search indexer', () => {
  it('finds a stored result not yet indexed exactly as it finds it once indexed', async () => {
    const { crawlId } = await seedCrawl(db(), { teamId, projectId, results: pages(10) });
    expect(await unindexed(crawlId)).toBe(10);

    const before = await search(crawlId, 'crawl -billing OR guide');
    const plain = await search(crawlId, 'crawling');
    // Every page mentions billing; 0, 3, 6 and 9 have "guide" in their title. Page 5 has no word stemming to
    // "crawl" ("crawlers" is another stem).
    expect((before as { total: number }).total).toBe(4);
    expect((plain as { total: number }).total).toBe(9);

    // Half indexed, half not: one search over both kinds of rows.
    await indexBatch(db(), 5);
    expect(await unindexed(crawlId)).toBe(5);
    expect(await search(crawlId, 'crawl -billing OR guide')).toEqual(before);

    await server.server.searchIndexer.indexAll();
    expect(await unindexed(crawlId)).toBe(0);
    expect(await search(crawlId, 'crawl -billing OR guide')).toEqual(before);
    expect(await search(crawlId, 'crawling')).toEqual(plain);
  });

  it('indexes every result, batch after batch, with the vector the search computes', async () => {
    await server.server.searchIndexer.indexAll();
    const { crawlId } = await seedCrawl(db(), { teamId, projectId, results: pages(11) });
    expect(await server.server.searchIndexer.indexAll()).toBe(11);
    expect(await unindexed(crawlId)).toBe(0);
    const [row] = rowsOf<{ same: number }>(
      await db().execute(sql`
        select count(*)::int as same from crawl_results where crawl_id = ${crawlId} and search_vector =
          setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('english', left(markdown, 100000)), 'B')`),
    );
    expect(row!.same).toBe(11);
    expect(await server.server.searchIndexer.indexAll()).toBe(0);
  });

  it('shares the work between indexers running at once, without doing a result twice', async () => {
    await server.server.searchIndexer.indexAll();
    const { crawlId } = await seedCrawl(db(), { teamId, projectId, results: pages(60) });
    // On PostgreSQL the pool gives each its own connection, so their claims really race.
    const logger = createLogger('silent');
    const config = { pollMs: 3_600_000, batchSize: 3 };
    const indexers = [1, 2, 3].map(() => createSearchIndexer({ db: db(), config, logger }));
    try {
      const counts = await Promise.all(indexers.map((indexer) => indexer.indexAll()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
      expect(await unindexed(crawlId)).toBe(0);
    } finally {
      await Promise.all(indexers.map((indexer) => indexer.close()));
    }
  });
});
