// The extract step as a Temporal activity: a retried step, or one whose staged batch went back to its
// fetched pages (a crash between the model's answer and staging), never asks the model twice for a page.
import { mountJournalSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createActivities, type CrawlActivities, type CrawlJobPayload } from '@trawl/workflows/temporal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractionDeps } from '../src/crawls/extraction-config.js';
import { createEngine } from '../src/crawls/orchestrator.js';
import { createCrawlStore } from '../src/crawls/store.js';
import { createLogger } from '../src/logger.js';
import { startTestServer, type TestServer } from './harness.js';
import { startLlmStandIn, type LlmStandIn } from './llm-stand-in.js';

let server: TestServer;
let site: FixtureServer;
let llm: LlmStandIn;
let trawl: TrawlClient;
let activities: CrawlActivities;
let engine: ReturnType<typeof createEngine>;

beforeAll(async () => {
  [site, llm] = await Promise.all([
    startFixtureServer(),
    startLlmStandIn((r) => ({
      json: { matches: true, reason: 'A tech post.', content: r.page.text.trim(), data: null },
      tokens: 42,
    })),
  ]);
  mountJournalSite(site);
  server = await startTestServer({
    env: { TRAWL_LLM_BASE_URL: llm.baseUrl, TRAWL_LLM_MODEL: 'stand-in', TRAWL_LLM_MAX_RETRIES: '0' },
  });
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  engine = createEngine(server.server.deps.config, createLogger('error'));
  activities = createActivities({
    store: createCrawlStore(server.server.deps.db),
    engine,
    heartbeatEveryMs: 20,
    extraction: extractionDeps(server.server.deps.config.extraction),
  });
});
afterAll(async () => {
  await engine?.close();
  await Promise.all([server?.close(), site?.close(), llm?.close()]);
});

describe('the extractBatch activity', () => {
  it('extracts a staged batch once: a retry and a re-staged batch reuse the ledger', async () => {
    const crawl = await trawl.crawls.start({
      startUrl: `${site.origin}/blog/tech/async-rust`,
      maxResults: 1,
      engineType: 'cheerio',
      extraction: 'Extract only tech blog posts',
    });
    await server.runner.abort(crawl.id);
    await server.runner.settled(crawl.id);
    const store = createCrawlStore(server.server.deps.db);
    await store.releaseClaims(crawl.id);
    const env = () => new MockActivityEnvironment();
    const loaded: CrawlJobPayload | null = await env().run(activities.loadCrawl, crawl.id);
    const job = loaded!;
    expect(job.extractionMethod).toBe('llm');
    llm.requests.length = 0;

    const batchId = `${crawl.id}/activity/0`;
    expect(await env().run(activities.fetchAndExtract, { job, batchId, limit: 1 })).toMatchObject({
      claimed: 1,
    });
    const fetched = (await store.loadStagedBatch(batchId))!;
    const summary = { extracted: 1, failed: 0, error: null, failureLimit: 5 };
    let heartbeats = 0;
    const first = env();
    first.on('heartbeat', () => heartbeats++);
    expect(await first.run(activities.extractBatch, { job, batchId })).toEqual(summary);
    expect(heartbeats).toBeGreaterThan(0);
    // Retried after its answer was lost: the staged batch says it is done.
    expect(await env().run(activities.extractBatch, { job, batchId })).toEqual(summary);
    // The fetched pages staged again, as if the answer came but staging did not: the ledger answers.
    await store.stageBatch(crawl.id, batchId, fetched);
    expect(await env().run(activities.extractBatch, { job, batchId })).toEqual(summary);
    expect(llm.requests).toHaveLength(1);

    expect(await env().run(activities.deduplicateAndStore, { job, batchId })).toMatchObject({
      numberOfResults: 1,
    });
    const stored = await trawl.crawls.get(crawl.id);
    expect(stored.extractionTokens).toBe(42);
    const { results } = await trawl.crawls.resultsPage(crawl.id, { page: 0 });
    expect(results[0]).toMatchObject({ extractionTokens: 42 });
    expect(results[0]!.markdown).toContain('# Async Rust in practice');
  });
});
