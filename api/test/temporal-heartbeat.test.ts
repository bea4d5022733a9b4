import { mountDocsSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient } from '@trawl/sdk';
import { MockActivityEnvironment } from '@temporalio/testing';
import { NativeConnection, Worker } from '@temporalio/worker';
import {
  FETCH_HEARTBEAT_TIMEOUT_SECONDS,
  crawlWorkerOptions,
  createActivities,
  type CrawlJobPayload,
} from '@trawl/workflows/temporal';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEngine } from '../src/crawls/orchestrator.js';
import { createCrawlStore } from '../src/crawls/store.js';
import { createLogger } from '../src/logger.js';
import { startFakeFrontend, type FakeFrontend } from './fake-temporal-frontend.js';
import { startTestServer, type TestServer } from './harness.js';

// A fetch activity run by a real Worker (the SDK's Rust core, with the worker options production uses)
// against a stand-in for Temporal's frontend: its heartbeats really go over gRPC, throttled as configured,
// and a cancellation reaches it only in the answer to one, as with a real server.
let server: TestServer;
let site: FixtureServer;
let external: FixtureServer;
let frontend: FakeFrontend;
let engine: ReturnType<typeof createEngine>;

beforeAll(async () => {
  [server, site, external, frontend] = await Promise.all([
    startTestServer(),
    startFixtureServer(),
    startFixtureServer({ host: '127.0.0.2' }),
    startFakeFrontend(),
  ]);
  mountDocsSite(site, external);
  site.route('/slow', { delayMs: 20_000, body: '<html><body><main>slow</main></body></html>' });
  engine = createEngine(server.server.deps.config, createLogger('error'));
});
afterAll(async () => {
  await engine?.close();
  await Promise.all([server?.close(), site?.close(), external?.close(), frontend?.close()]);
});

it('stops a fetch within 2 s of an abort: heartbeats go out every second, and the cancel comes back on one', async () => {
  const trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  const crawl = await trawl.crawls.start({ startUrl: `${site.origin}/slow`, engineType: 'cheerio' });
  await server.runner.abort(crawl.id);
  await server.runner.settled(crawl.id);
  const store = createCrawlStore(server.server.deps.db);
  await store.releaseClaims(crawl.id);
  const activities = createActivities({ store, engine });
  const job: CrawlJobPayload | null = await new MockActivityEnvironment().run(activities.loadCrawl, crawl.id);
  const batchId = `${crawl.id}/hb/0`;

  const connection = await NativeConnection.connect({ address: frontend.address });
  const worker = await Worker.create({
    ...crawlWorkerOptions(
      { namespace: 'default', queues: ['browser'], activities, maxConcurrentActivities: 2 },
      'browser',
    ),
    connection,
  });
  const running = worker.run();
  try {
    frontend.offer({
      activityType: 'fetchAndExtract',
      input: [{ job, batchId, limit: 1 }],
      heartbeatTimeoutSeconds: FETCH_HEARTBEAT_TIMEOUT_SECONDS,
    });
    await expect.poll(() => site.hits('/slow'), { timeout: 10_000 }).toBe(1);
    // Temporal's default throttle with a 30 s heartbeat timeout would let one heartbeat through in 24 s.
    await expect.poll(() => frontend.heartbeats.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const gaps = frontend.heartbeats.slice(1).map((t, i) => t - frontend.heartbeats[i]!);
    for (const gap of gaps) expect(gap).toBeLessThan(1_600);

    const abortedAt = Date.now();
    frontend.cancel();
    const outcome = await frontend.outcome;
    expect(outcome.kind).toBe('canceled');
    expect(outcome.at - abortedAt).toBeLessThan(2_000);
    // Stopped before staging: nothing of the batch is left behind.
    expect(await store.loadStagedBatch(batchId)).toBeNull();
    expect(site.hits('/slow')).toBe(1);
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
  }
}, 60_000);
