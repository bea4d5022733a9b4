// One server, few pages at once: a big crawl that would keep every slot busy for minutes must not starve a
// small crawl started after it. The small one gets its turn and finishes while the big one is still early on.
import { mountLargeSite, page, prose, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type CrawlResult, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

const BIG_PAGES = 1500;
const SMALL_PAGES = 10;
const DELAY_MS = 200;

let server: TestServer;
let big: FixtureServer;
let small: FixtureServer;
let trawl: TrawlClient;
let bigCrawlId: string | undefined;

beforeAll(async () => {
  [server, big, small] = await Promise.all([
    // 4 pages at once for the whole server: the big crawl alone could fill every slot for over a minute.
    startTestServer({ env: { TRAWL_CRAWL_CONCURRENCY: '4' } }),
    startFixtureServer(),
    startFixtureServer(),
  ]);
  mountLargeSite(big, BIG_PAGES, { delayMs: DELAY_MS });
  // The small site: a start page linking to 9 others, as slow per page as the big one.
  for (let i = 0; i < SMALL_PAGES; i++) {
    const links =
      i === 0
        ? Array.from(
            { length: SMALL_PAGES - 1 },
            (_, n) => `<li><a href="/s/${n + 1}">Small ${n + 1}</a></li>`,
          ).join('')
        : '';
    small.route(i === 0 ? '/' : `/s/${i}`, {
      delayMs: DELAY_MS,
      body: page({
        title: `Small ${i}`,
        main: `<h1>Small ${i}</h1><p>${prose(9000 + i, 60)}</p><ul>${links}</ul>`,
      }),
    });
  }
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
});
afterAll(async () => {
  if (bigCrawlId) await trawl.crawls.abort(bigCrawlId).catch(() => undefined);
  await server?.close();
  await Promise.all([big?.close(), small?.close()]);
});

describe('fairness between crawls', () => {
  it(
    'finishes a 10-page crawl started after a 1500-page one while the big one is still running',
    { timeout: 60_000 },
    async () => {
      const bigCrawl = await trawl.crawls.start({
        startUrl: `${big.origin}/`,
        maxResults: 5000,
        maxDepth: 10,
        engineType: 'cheerio',
      });
      bigCrawlId = bigCrawl.id;
      // Well under way: results stored, and every slot of the server taken by its pages.
      await expect
        .poll(async () => (await trawl.crawls.get(bigCrawl.id)).numberOfResults, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(16);
      await expect.poll(() => big.pending().length, { timeout: 15_000, interval: 10 }).toBe(4);

      const smallCrawl = await trawl.crawls.start({
        startUrl: `${small.origin}/`,
        maxResults: 50,
        maxDepth: 2,
        engineType: 'cheerio',
      });
      const smallDone = await trawl.crawls.waitForCompletion(smallCrawl.id, {
        pollIntervalMs: 100,
        signal: AbortSignal.timeout(40_000),
      });
      const bigThen = await trawl.crawls.get(bigCrawl.id);

      expect(smallDone).toMatchObject({ status: 'succeeded', numberOfResults: SMALL_PAGES });
      const results: CrawlResult[] = [];
      for await (const result of trawl.crawls.results(smallCrawl.id)) results.push(result);
      expect(results.map((r) => r.position)).toEqual(Array.from({ length: SMALL_PAGES }, (_, i) => i + 1));
      expect(results.map((r) => r.title).sort()).toEqual(
        Array.from({ length: SMALL_PAGES }, (_, i) => `Small ${i}`).sort(),
      );
      // Had the small crawl waited for the big one's work, the big one would be done (or nearly) by now.
      expect(bigThen.status).toBe('running');
      expect(bigThen.numberOfResults).toBeLessThan(BIG_PAGES / 3);
      // And the big one kept going meanwhile: sharing is not pausing it.
      await expect
        .poll(async () => (await trawl.crawls.get(bigCrawl.id)).numberOfResults, { timeout: 15_000 })
        .toBeGreaterThan(bigThen.numberOfResults);
    },
  );
});
