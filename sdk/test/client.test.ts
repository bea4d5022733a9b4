import { connect, createServer, type Socket } from 'node:net';
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTrawlClient,
  TrawlApiError,
  TrawlConnectionError,
  validateCrawlSettings,
  WAIT_CONNECTION_ATTEMPTS,
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

  it('keeps waiting through connections that are reset, and gives up when they keep failing', async () => {
    const crawl = await trawl.crawls.start({ startUrl: fixture.startUrl, maxResults: 2, maxDepth: 1 });
    // A proxy in front of the API that resets the next `resets` connections it is given.
    let resets = 3;
    const sockets = new Set<Socket>();
    const proxy = createServer((client) => {
      sockets.add(client);
      client.on('close', () => sockets.delete(client));
      if (resets > 0) {
        resets--;
        client.resetAndDestroy();
        return;
      }
      const upstream = connect(Number(new URL(server.url).port), '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as { port: number };
      const flaky = createTrawlClient({ baseUrl: `http://127.0.0.1:${port}`, token: server.token });
      const done = await flaky.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 20 });
      expect(done.status).toBe('succeeded');
      expect(resets).toBe(0);

      // The kept-alive connection goes, so every poll needs a new one.
      for (const socket of sockets) socket.destroy();
      resets = WAIT_CONNECTION_ATTEMPTS;
      const err = await flaky.crawls
        .waitForCompletion(crawl.id, { pollIntervalMs: 20 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TrawlConnectionError);
      expect(resets).toBe(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
