import { createServer } from 'node:net';
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTrawlClient,
  TrawlApiError,
  TrawlConnectionError,
  validateCrawlSettings,
  type TrawlClient,
} from '../src/index.js';

let server: TestServer;
let fixture: DocsFixture;
let trawl: TrawlClient;

beforeAll(async () => {
  [server, fixture] = await Promise.all([startTestServer(), startDocsFixture()]);
  trawl = createTrawlClient({ baseUrl: `${server.url}/`, token: server.token });
});
afterAll(async () => {
  await Promise.all([server?.close(), fixture?.close()]);
});

describe('validateCrawlSettings', () => {
  const cases: Array<Record<string, unknown>> = [
    { startUrl: 'nope' },
    { startUrl: 5 },
    { startUrl: 'https://example.com', maxResults: 0, maxDepth: 51, timeout: 0 },
    { startUrl: 'https://example.com', maxResults: '3', engineType: 'fast' },
    {
      startUrl: 'https://example.com',
      useSitemap: 'yes',
      entireWebsite: 1,
      includeLinks: null,
      excludeNonMainTags: 'no',
      useStaticIps: 0,
      deduplicateContent: 'on',
    },
    { startUrl: 'https://example.com', extraction: 42, bogus: true },
    { startUrl: 'https://example.com', useSitemap: true, entireWebsite: true },
  ];

  it.each(cases)('gives the same messages as the API for %j', async (body) => {
    const local = validateCrawlSettings(body);
    const remote = (await trawl.crawls.start(body as never).catch((err: unknown) => err)) as TrawlApiError;
    expect(remote).toBeInstanceOf(TrawlApiError);
    expect(local.length).toBeGreaterThan(0);
    expect([...local].sort()).toEqual(remote.details.map((d) => d.message).sort());
  });

  it('accepts valid settings', () => {
    expect(
      validateCrawlSettings({
        startUrl: 'https://example.com',
        maxResults: 5000,
        maxDepth: 50,
        timeout: 9_999_999_999,
        extraction: null,
      }),
    ).toEqual([]);
  });
});

describe('createTrawlClient', () => {
  it('walks every page of results and of logs', async () => {
    const crawl = await trawl.crawls.start({ startUrl: fixture.startUrl, maxResults: 9, maxDepth: 2 });
    const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 });
    expect(done.status).toBe('succeeded');
    const urls: string[] = [];
    for await (const result of trawl.crawls.results(crawl.id, { pageSize: 2 })) urls.push(result.url);
    expect(urls).toHaveLength(9);
    expect(new Set(urls).size).toBe(9);
    const messages: string[] = [];
    for await (const line of trawl.crawls.logs(crawl.id, { pageSize: 4 })) messages.push(line.message);
    expect(messages[0]).toBe('Crawl started');
    expect(messages.filter((m) => m.startsWith('Fetched '))).toHaveLength(9);
    expect(messages.at(-1)).toBe('Crawl finished');
  });

  it('reports progress while waiting, and stops waiting when its signal aborts', async () => {
    fixture.site.route('/sdk-slow', { body: '<html><body><main>slow</main></body></html>', delayMs: 3_000 });
    const crawl = await trawl.crawls.start({ startUrl: `${fixture.site.origin}/sdk-slow`, maxResults: 1 });
    const controller = new AbortController();
    const seen: string[] = [];
    const waiting = trawl.crawls.waitForCompletion(crawl.id, {
      pollIntervalMs: 20,
      signal: controller.signal,
      onProgress: (c) => {
        seen.push(c.status);
        controller.abort(new Error('stop waiting'));
      },
    });
    await expect(waiting).rejects.toThrow('stop waiting');
    expect(seen).toEqual(['running']);
    await trawl.crawls.abort(crawl.id);
  });

  it('throws TrawlApiError with status, code and details', async () => {
    const err = (await trawl.crawls
      .get('00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e)) as TrawlApiError;
    expect(err).toBeInstanceOf(TrawlApiError);
    expect(err).toMatchObject({ status: 404, code: 'not_found', message: 'Crawl not found' });
  });

  it('throws TrawlConnectionError when nothing answers', async () => {
    const port = await freePort();
    const offline = createTrawlClient({ baseUrl: `http://127.0.0.1:${port}`, token: server.token });
    const err = await offline.crawls.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TrawlConnectionError);
    expect(err).toMatchObject({ status: 0, code: 'connection_error' });
    expect(await offline.isHealthy()).toBe(false);
    expect(await trawl.isHealthy()).toBe(true);
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
