// The public try-out: a visitor with no account starts a crawl and reads it by its ID, capped at 15 results,
// and reaches nothing else; another team's crawl is as unknown to the public endpoints as a made-up ID.
import { createTrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from './harness.js';

let server: TestServer;
let fixture: DocsFixture;

beforeAll(async () => {
  [server, fixture] = await Promise.all([startTestServer(), startDocsFixture()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), fixture?.close()]);
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

async function waitForEnd(id: string): Promise<{ status: string; numberOfResults: number }> {
  for (;;) {
    const crawl = (await (await get(`/app/crawls/public/${id}`)).json()) as {
      status: string;
      numberOfResults: number;
    };
    if (crawl.status !== 'running') return crawl;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const publicPaths = (id: string) => [
  `/app/crawls/public/${id}`,
  `/app/crawl-logs/public/${id}`,
  `/crawl-results/public/${id}`,
  `/crawl-results/public/${id}/download-csv`,
];

describe('public try-out', () => {
  it(
    'crawls without an account, stops at 15 results, and serves the crawl, its logs, results and CSV by ID',
    { timeout: 60_000 },
    async () => {
      const started = await post('/app/crawls/public', {
        startUrl: fixture.startUrl,
        maxResults: 100,
        maxDepth: 5,
        engineType: 'cheerio',
      });
      expect(started.status).toBe(201);
      const crawl = (await started.json()) as { id: string; maxResults: number; origin: string };
      expect(crawl.maxResults).toBe(15);
      expect(await waitForEnd(crawl.id)).toMatchObject({ status: 'succeeded', numberOfResults: 15 });

      const results = (await (await get(`/crawl-results/public/${crawl.id}?limit=100`)).json()) as {
        results: Array<{ position: number }>;
        totalResults: number;
      };
      expect(results.totalResults).toBe(15);
      expect(results.results.map((r) => r.position)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
      const logs = (await (await get(`/app/crawl-logs/public/${crawl.id}?page=0`)).json()) as {
        results: Array<{ message: string }>;
      };
      expect(logs.results[0]!.message).toBe('Crawl started');
      const csv = await get(`/crawl-results/public/${crawl.id}/download-csv`);
      expect(csv.headers.get('content-disposition')).toBe(
        `attachment; filename="crawl-results-${crawl.id}.csv"`,
      );
      expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(16);

      // The typed public client reads the same crawl.
      const { createPublicTrawlClient } = await import('@trawl/sdk');
      const visitor = createPublicTrawlClient({ baseUrl: server.url });
      expect(await visitor.crawls.get(crawl.id)).toMatchObject({ id: crawl.id, numberOfResults: 15 });
      const all = [];
      for await (const result of visitor.crawls.results(crawl.id, { pageSize: 4 })) all.push(result);
      expect(all).toHaveLength(15);
      expect((await visitor.crawls.resultsPage(crawl.id, { page: 1, limit: 10 })).results).toHaveLength(5);
      expect((await visitor.crawls.logsPage(crawl.id)).results[0]).toMatchObject({
        message: 'Crawl started',
      });
      expect((await visitor.crawls.downloadCsv(crawl.id)).trimEnd().split('\r\n')).toHaveLength(16);

      // A public crawl belongs to no real team: the bootstrap team's token cannot see it.
      expect((await get(`/crawls/${crawl.id}`, { authorization: `Bearer ${server.token}` })).status).toBe(
        404,
      );
      const teamList = (await (
        await post('/crawls/query', {}, { authorization: `Bearer ${server.token}` })
      ).json()) as { results: Array<{ id: string }> };
      expect(teamList.results.map((c) => c.id)).not.toContain(crawl.id);
    },
  );

  it("answers 404 on every public endpoint for a team's crawl, and reaches no private route", async () => {
    const trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
    const privateCrawl = await trawl.crawls.start({ startUrl: fixture.startUrl, maxResults: 1 });
    for (const path of publicPaths(privateCrawl.id)) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
    for (const path of publicPaths('not-an-id')) expect((await get(path)).status, path).toBe(404);
    // The typed public client turns those answers into errors with their status and code.
    const { createPublicTrawlClient, TrawlApiError, TrawlConnectionError } = await import('@trawl/sdk');
    const visitor = createPublicTrawlClient({ baseUrl: server.url });
    await expect(visitor.crawls.get(privateCrawl.id)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    await expect(visitor.crawls.downloadCsv(privateCrawl.id)).rejects.toBeInstanceOf(TrawlApiError);
    await expect(
      visitor.crawls.start({ startUrl: fixture.startUrl, useStaticIps: true }),
    ).rejects.toMatchObject({ status: 400, code: 'account_required' });
    await expect(
      createPublicTrawlClient({ baseUrl: 'http://127.0.0.1:9' }).crawls.get(privateCrawl.id),
    ).rejects.toBeInstanceOf(TrawlConnectionError);
    // Without credentials, the private API stays closed.
    expect((await get(`/crawls/${privateCrawl.id}`)).status).toBe(401);
    expect((await post('/crawls', { startUrl: fixture.startUrl })).status).toBe(401);
    expect((await post('/crawls/query', {})).status).toBe(401);
  });

  it('refuses bad input and account-only settings with 400, creating nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ startUrl: 'not a url' }, 'startUrl'],
      [{ startUrl: fixture.startUrl, maxResults: 0 }, 'maxResults'],
      [{ startUrl: fixture.startUrl, maxDepth: 51 }, 'maxDepth'],
      [{ startUrl: fixture.startUrl, surprise: true }, ''],
      [{ startUrl: fixture.startUrl, useSitemap: true }, 'useSitemap'],
      [{ startUrl: fixture.startUrl, entireWebsite: true }, 'entireWebsite'],
      [{ startUrl: fixture.startUrl, useStaticIps: true }, 'useStaticIps'],
    ];
    const { db } = server.server.database;
    const { crawls } = await import('../src/db/schema.js');
    const count = async () => (await db.select({ id: crawls.id }).from(crawls)).length;
    const crawlsBefore = await count();
    for (const [body, field] of cases) {
      const res = await post('/app/crawls/public', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await res.json()) as { code: string; details?: Array<{ path: string }> };
      if (field)
        expect(
          error.details?.map((d) => d.path),
          JSON.stringify(body),
        ).toContain(field);
    }
    expect(
      await post('/app/crawls/public', { startUrl: fixture.startUrl, useSitemap: true }).then((r) =>
        r.json(),
      ),
    ).toMatchObject({ code: 'account_required', message: 'Use sitemap needs an account: sign up to use it' });
    expect(await count()).toBe(crawlsBefore);
  });
});
