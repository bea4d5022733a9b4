import {
  mountDocsSite,
  startFixtureProxy,
  startFixtureServer,
  type FixtureProxy,
  type FixtureServer,
} from '@trawl/fixtures';
import { createTrawlClient, type CrawlLog } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

let site: FixtureServer;
let external: FixtureServer;
let proxy: FixtureProxy;

beforeAll(async () => {
  [site, external, proxy] = await Promise.all([
    startFixtureServer(),
    startFixtureServer({ host: '127.0.0.2' }),
    startFixtureProxy(),
  ]);
  mountDocsSite(site, external);
});
afterAll(async () => {
  await Promise.all([site?.close(), external?.close(), proxy?.close()]);
});

async function logsOf(server: TestServer, id: string): Promise<CrawlLog[]> {
  const out: CrawlLog[] = [];
  for await (const line of createTrawlClient({ baseUrl: server.url, token: server.token }).crawls.logs(id))
    out.push(line);
  return out;
}

describe('private networks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRAWL_ALLOW_PRIVATE_NETWORKS: 'false' } });
  });
  afterAll(() => server?.close());

  it('are never fetched unless allowed: the crawl fails, says why, and the site sees nothing', async () => {
    const trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
    const before = site.requests.length;
    const crawl = await trawl.crawls.start({ startUrl: `${site.origin}/`, engineType: 'cheerio' });
    const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 });
    expect(done.status).toBe('failed');
    const logs = await logsOf(server, crawl.id);
    expect(logs.at(-1)).toMatchObject({ level: 'error', message: 'Crawl failed' });
    expect(logs.at(-1)!.description).toContain('Blocked: 127.0.0.1');
    expect(site.requests.length).toBe(before);
  });
});

describe('static IPs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { TRAWL_STATIC_IP: '203.0.113.7', TRAWL_STATIC_IP_PROXY_URL: proxy.url },
    });
  });
  afterAll(() => server?.close());

  it('are offered with their fixed address, and crawls using them go through the egress proxy', async () => {
    const trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
    expect(await trawl.crawlOptions()).toEqual({ staticIp: '203.0.113.7' });

    const before = proxy.forwarded.length;
    const direct = await trawl.crawls.start({
      startUrl: `${site.origin}/about`,
      maxResults: 1,
      engineType: 'cheerio',
    });
    await trawl.crawls.waitForCompletion(direct.id, { pollIntervalMs: 50 });
    expect(proxy.forwarded.length).toBe(before);

    const viaProxy = await trawl.crawls.start({
      startUrl: `${site.origin}/about`,
      maxResults: 1,
      engineType: 'cheerio',
      useStaticIps: true,
    });
    const done = await trawl.crawls.waitForCompletion(viaProxy.id, { pollIntervalMs: 50 });
    expect(done).toMatchObject({ status: 'succeeded', numberOfResults: 1, useStaticIps: true });
    expect(proxy.forwarded.slice(before)).toContain(`127.0.0.1:${site.port}`);
  });
});
