// Crash-resume of the embedded runner, for real: the built server runs as a child process, is killed with
// SIGKILL mid-crawl (no shutdown hook runs), and a new process on the same data folder or database must
// finish the crawl with every page stored exactly once.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { page, prose, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type CrawlResult, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killChild as kill, startChildServer as startShared, type ChildServer } from './child-server.js';
import { createTestDatabaseUrl } from './harness.js';

const PAGES = 40;

const children: ChildProcess[] = [];
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let site: FixtureServer;
let paths: string[];

/** The built server on the test's data folder (and database), with few pages at once, so the crawl is still
 * mid-way when the test looks. */
async function startChildServer(): Promise<ChildServer> {
  const server = await startShared({
    dataDir,
    databaseUrl: database?.url,
    env: { TRAWL_CRAWL_CONCURRENCY: '4', TRAWL_CRAWL_BATCH_SIZE: '4', TRAWL_PARSE_WORKERS: '1' },
  });
  children.push(server.child);
  return server;
}

async function allResults(trawl: TrawlClient, id: string): Promise<CrawlResult[]> {
  const results: CrawlResult[] = [];
  for await (const result of trawl.crawls.results(id, { pageSize: 25 })) results.push(result);
  return results;
}

/** A binary tree of pages (page i links to 2i+1 and 2i+2), so links found after the restart still matter. */
function mountTreeSite(server: FixtureServer, pages: number, delayMs: number): string[] {
  const pathOf = (i: number): string => (i === 0 ? '/' : `/page/${i}`);
  for (let i = 0; i < pages; i++) {
    const links = [2 * i + 1, 2 * i + 2]
      .filter((n) => n < pages)
      .map((n) => `<li><a href="${pathOf(n)}">Page ${n}</a></li>`);
    const main = `<h1>Page ${i}</h1><p>${prose(i + 1, 80)}</p><ul>${links.join('')}</ul>`;
    server.route(pathOf(i), { delayMs, body: page({ title: `Page ${i}`, main }) });
  }
  return Array.from({ length: pages }, (_, i) => pathOf(i));
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'trawl-resume-'));
  [database, site] = await Promise.all([createTestDatabaseUrl(), startFixtureServer()]);
  paths = mountTreeSite(site, PAGES, 300);
});
afterAll(async () => {
  await Promise.all(children.map(kill));
  await site?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash and resume', () => {
  it(
    'finishes a crawl after SIGKILL mid-crawl, every page stored exactly once, in contiguous positions',
    { timeout: 180_000 },
    async () => {
      const first = await startChildServer();
      expect(first.output()).toContain(
        database ? 'database: PostgreSQL (DATABASE_URL)' : `database: embedded PGlite in ${dataDir}`,
      );
      const { token } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
        token: string;
      };
      let trawl = createTrawlClient({ baseUrl: first.url, token });
      const crawl = await trawl.crawls.start({
        startUrl: `${site.origin}/`,
        maxResults: 1000,
        maxDepth: 10,
        engineType: 'cheerio',
      });

      // Mid-way: a quarter of the pages committed, and more in flight, which the kill interrupts.
      await expect
        .poll(
          async () =>
            (await trawl.crawls.get(crawl.id)).numberOfResults >= PAGES / 4 &&
            site.pending().some((r) => paths.includes(r.path)),
          { timeout: 60_000, interval: 25 },
        )
        .toBe(true);
      const before = await trawl.crawls.get(crawl.id);
      const storedBefore = await allResults(trawl, crawl.id);
      const inFlight = site.pending().filter((r) => paths.includes(r.path));
      await kill(first.child);
      const killedAt = Date.now();

      expect(before.status).toBe('running');
      expect(before.numberOfResults).toBeGreaterThan(0);
      expect(before.numberOfResults).toBeLessThan(PAGES);
      expect(inFlight.length).toBeGreaterThan(0);
      // The kill closed the fixture's connections: those requests were never answered.
      await expect
        .poll(() => inFlight.every((r) => r.abandonedAt !== undefined), { timeout: 10_000 })
        .toBe(true);

      const second = await startChildServer();
      trawl = createTrawlClient({ baseUrl: second.url, token });
      expect(second.output(), 'the data survived, so this start is not a first start').not.toContain(
        'First start',
      );
      const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 100 });
      const results = await allResults(trawl, crawl.id);

      expect(done, second.output()).toMatchObject({ status: 'succeeded', numberOfResults: PAGES });
      expect(results).toHaveLength(PAGES);
      expect(results.map((r) => r.position)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
      const urls = results.map((r) => r.url);
      expect(new Set(urls).size).toBe(PAGES);
      expect(urls.map((u) => new URL(u).pathname).sort()).toEqual([...paths].sort());
      for (const result of results)
        expect(result.markdown).toContain(prose(Number(result.title.replace('Page ', '')) + 1, 80));

      // What was committed before the crash is kept as it was and never fetched again...
      expect(results.slice(0, storedBefore.length).map((r) => r.url)).toEqual(storedBefore.map((r) => r.url));
      const fetchedAfter = site.requests.filter((r) => r.at > killedAt).map((r) => r.path);
      for (const stored of storedBefore) expect(fetchedAfter).not.toContain(new URL(stored.url).pathname);
      // ...and what was in flight at the crash is fetched again by the new process.
      for (const lost of inFlight) expect(fetchedAfter).toContain(lost.path);
    },
  );
});
