import { mountDocsSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import type { Worker } from '@temporalio/worker';
import { createActivities, createCrawlWorkers } from '@trawl/workflows/temporal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/crawls/orchestrator.js';
import { createCrawlStore } from '../src/crawls/store.js';
import { createLogger } from '../src/logger.js';
import { startTestServer, type TestServer } from './harness.js';

// Whole crawls on a real Temporal server, with workers in this process. No Temporal server can be had on
// every machine, so this suite runs only when TEMPORAL_ADDRESS points at one (and says so when skipped).
const address = process.env.TEMPORAL_ADDRESS;
const namespace = process.env.TEMPORAL_NAMESPACE ?? 'default';

describe.skipIf(!address)(`crawls on a real Temporal server${address ? ` at ${address}` : ' (skipped: set TEMPORAL_ADDRESS to run)'}`, () => {
  let server: TestServer;
  let site: FixtureServer;
  let external: FixtureServer;
  let trawl: TrawlClient;
  let workers: Worker[] = [];
  let running: Promise<unknown>;
  let stopWorkers: () => Promise<void>;

  beforeAll(async () => {
    [server, site, external] = await Promise.all([
      startTestServer({ env: { TEMPORAL_ADDRESS: address!, TEMPORAL_NAMESPACE: namespace } }),
      startFixtureServer(),
      startFixtureServer({ host: '127.0.0.2' }),
    ]);
    mountDocsSite(site, external);
    site.route('/slow', { delayMs: 20_000, body: '<html><body><main>slow</main></body></html>' });
    const engine = createEngine(server.server.deps.config, createLogger('error'));
    const activities = createActivities({ store: createCrawlStore(server.server.deps.db), engine });
    const created = await createCrawlWorkers({ address: address!, namespace, queues: ['http', 'browser'], activities, maxConcurrentActivities: 8 });
    workers = created.workers;
    running = Promise.all(workers.map((w) => w.run()));
    stopWorkers = async () => {
      workers.forEach((w) => w.shutdown());
      await running;
      await engine.close();
      await created.connection.close();
    };
    trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  }, 120_000);
  afterAll(async () => {
    await stopWorkers?.();
    await Promise.all([server?.close(), site?.close(), external?.close()]);
  });

  it('crawls to the end through workflows and activities', async () => {
    expect(server.server.deps.orchestrator.kind).toBe('temporal');
    const crawl = await trawl.crawls.start({ startUrl: `${site.origin}/`, maxResults: 20, maxDepth: 2, engineType: 'cheerio' });
    const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 200 });
    expect(done).toMatchObject({ status: 'succeeded', numberOfResults: 18 });
    const urls: string[] = [];
    for await (const r of trawl.crawls.results(crawl.id)) urls.push(r.url);
    expect(new Set(urls).size).toBe(18);
  }, 120_000);

  it('aborts by cancelling the workflow, keeping the results so far', async () => {
    const crawl = await trawl.crawls.start({ startUrl: `${site.origin}/slow`, engineType: 'cheerio' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await trawl.crawls.abort(crawl.id)).status).toBe('aborted');
    await expect.poll(() => site.requests.filter((r) => r.path === '/slow').length, { timeout: 10_000 }).toBeGreaterThan(0);
  }, 60_000);

  it('ends timed_out when the durable timer fires', async () => {
    const crawl = await trawl.crawls.start({ startUrl: `${site.origin}/slow`, engineType: 'cheerio', timeout: 1 });
    const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 1_000 });
    expect(done.status).toBe('timed_out');
  }, 150_000);
});
