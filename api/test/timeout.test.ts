import { mountDocsSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawls } from '../src/db/schema.js';
import { startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let site: FixtureServer;
let external: FixtureServer;
let trawl: TrawlClient;

beforeAll(async () => {
  [server, site, external] = await Promise.all([
    startTestServer(),
    startFixtureServer(),
    startFixtureServer({ host: '127.0.0.2' }),
  ]);
  mountDocsSite(site, external);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
});
afterAll(async () => {
  await Promise.all([server?.close(), site?.close(), external?.close()]);
});

/**
 * Timeouts are whole minutes, so the test moves a crawl's start back in time instead of waiting: it
 * stops the crawl's loop (as a crash would), rewrites created_at, and lets the runner resume it.
 */
async function ageCrawl(id: string, secondsLeft: number): Promise<void> {
  const orchestrator = server.runner;
  await orchestrator.abort(id);
  await orchestrator.settled(id);
  await server.server.database.db
    .update(crawls)
    .set({ createdAt: sql`now() - make_interval(secs => ${60 - secondsLeft})` })
    .where(eq(crawls.id, id));
  await orchestrator.resume();
}

describe('timeout', () => {
  it('ends a crawl timed_out at its deadline, even mid-request, keeping the results so far', async () => {
    site.route('/slow-a', { delayMs: 10_000, body: '<html><body><main>a</main></body></html>' });
    site.route('/slow-b', { delayMs: 10_000, body: '<html><body><main>b</main></body></html>' });
    site.route('/timeout-start', {
      body: '<html><head><title>Start</title></head><body><main><p>Start page</p><a href="/slow-a">a</a><a href="/slow-b">b</a></main></body></html>',
    });
    const crawl = await trawl.crawls.start({
      startUrl: `${site.origin}/timeout-start`,
      timeout: 1,
      maxResults: 10,
      engineType: 'cheerio',
    });
    await expect.poll(async () => (await trawl.crawls.get(crawl.id)).numberOfResults).toBe(1);

    const aged = Date.now();
    await ageCrawl(crawl.id, 1.5);
    const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 });
    expect(done).toMatchObject({ status: 'timed_out', numberOfResults: 1 });
    expect(Date.now() - aged).toBeLessThan(8_000);
    const results = await trawl.crawls.resultsPage(crawl.id);
    expect(results.results.map((r) => r.title)).toEqual(['Start']);
    const logs = [];
    for await (const l of trawl.crawls.logs(crawl.id)) logs.push(l);
    expect(logs.at(-1)).toMatchObject({
      level: 'warn',
      message: 'Crawl timed out',
      description: 'The timeout of 1 minute was reached with 1 result.',
    });
  });

  it('ends a resumed crawl whose deadline already passed at once', async () => {
    site.route('/slow-c', { delayMs: 10_000, body: '<html><body><main>c</main></body></html>' });
    const crawl = await trawl.crawls.start({
      startUrl: `${site.origin}/slow-c`,
      timeout: 1,
      engineType: 'cheerio',
    });
    await ageCrawl(crawl.id, -5);
    expect((await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 })).status).toBe('timed_out');
  });
});
