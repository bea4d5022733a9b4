// Webhooks end to end: a real server sends crawl events from its outbox to a stand-in receiver on 127.0.0.1
// that verifies each signature; failures are retried, 4xx are not, targets obey the network rules.
import { page, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, TrawlApiError, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../src/db/schema.js';
import { startTestServer, type TestServer } from './harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const FAST = { TRAWL_WEBHOOK_RETRY_BASE_MS: '100', TRAWL_WEBHOOK_POLL_MS: '50' };

let server: TestServer;
let trawl: TrawlClient;
let site: FixtureServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  [server, site, receiver] = await Promise.all([
    startTestServer({ env: FAST }),
    startFixtureServer(),
    startWebhookReceiver(),
  ]);
  site.route('/', { body: page({ title: 'Home', main: '<h1>Home</h1><p>Welcome.</p><a href="/a">A</a>' }) });
  site.route('/a', { body: page({ title: 'A', main: '<h1>A</h1><p>The page called A.</p>' }) });
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
});
afterAll(async () => {
  await Promise.all([server?.close(), site?.close(), receiver?.close()]);
});

async function crawlSite() {
  const crawl = await trawl.crawls.start({ startUrl: `${site.origin}/`, maxResults: 10 });
  await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 100 });
  return crawl;
}

async function deliveriesSettled(id: string) {
  for (;;) {
    const list = await trawl.webhooks.deliveries(id);
    if (list.length && list.every((d) => d.status !== 'pending')) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('webhooks', () => {
  it("delivers a crawl's events, signed, and logs each delivery; the secret is shown once", async () => {
    const endpoint = await trawl.webhooks.create({
      url: receiver.url,
      events: ['crawl.started', 'crawl.page', 'crawl.completed', 'crawl.failed'],
      description: 'All of them',
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    receiver.secret = endpoint.secret;
    expect(await trawl.webhooks.get(endpoint.id)).not.toHaveProperty('secret');
    expect((await trawl.webhooks.list()).map((w) => w.id)).toContain(endpoint.id);

    const crawl = await crawlSite();
    const log = await deliveriesSettled(endpoint.id);
    expect(log.every((d) => d.status === 'succeeded' && d.lastResponseCode === 200)).toBe(true);
    expect(log[0]!.attemptLog).toEqual([expect.objectContaining({ responseCode: 200, error: null })]);
    // Deliveries may arrive in any order: receivers order them by the payload's createdAt if they must.
    const completed = await receiver.waitFor((r) => r.event === 'crawl.completed');
    expect(completed.body.data).toMatchObject({
      crawl: { id: crawl.id, status: 'succeeded', numberOfResults: 2 },
    });
    const mine = receiver.received.filter((r) => (r.body.data.crawl as { id: string }).id === crawl.id);
    expect(mine.every((r) => r.verified)).toBe(true);
    expect(mine[0]!.event).toBe('crawl.started');
    const pages = mine
      .filter((r) => r.event === 'crawl.page')
      .flatMap((r) => r.body.data.pages as Array<{ url: string; title: string }>);
    expect(pages.map((p) => p.title).sort()).toEqual(['A', 'Home']);

    await trawl.webhooks.delete(endpoint.id);
  });

  it('retries a delivery answered 500 until it succeeds', async () => {
    const endpoint = await trawl.webhooks.create({ url: receiver.url, events: ['crawl.completed'] });
    receiver.secret = endpoint.secret;
    receiver.respond(500, 503);
    const crawl = await crawlSite();
    const hit = await receiver.waitFor(
      (r) => r.event === 'crawl.completed' && (r.body.data.crawl as { id: string }).id === crawl.id,
    );
    const tries = receiver.received.filter((r) => r.deliveryId === hit.deliveryId);
    expect(tries.map((r) => r.status)).toEqual([500, 503, 200]);
    const [delivery] = await deliveriesSettled(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, lastResponseCode: 200 });
    expect(delivery!.attemptLog.map((a) => a.responseCode)).toEqual([500, 503, 200]);
    await trawl.webhooks.delete(endpoint.id);
  });

  it('fails a delivery answered 400 at once, and redelivers it on request', async () => {
    const endpoint = await trawl.webhooks.create({ url: receiver.url, events: ['crawl.completed'] });
    receiver.secret = endpoint.secret;
    receiver.respond(400);
    await crawlSite();
    const [failed] = await deliveriesSettled(endpoint.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastResponseCode: 400 });

    const again = await trawl.webhooks.redeliver(endpoint.id, failed!.id);
    expect(again.payload).toEqual(failed!.payload);
    const hit = await receiver.waitFor((r) => r.deliveryId === again.id);
    expect(hit.body.id).toBe((failed!.payload as { id: string }).id);
    const log = await deliveriesSettled(endpoint.id);
    expect(log.map((d) => d.status)).toEqual(['succeeded', 'failed']);
    await trawl.webhooks.delete(endpoint.id);
  });

  it('sends crawl.changed when a recrawl ends, with the counts and absolute links to the changed pages', async () => {
    const endpoint = await trawl.webhooks.create({ url: receiver.url, events: ['crawl.changed'] });
    receiver.secret = endpoint.secret;
    const first = await crawlSite();
    expect(receiver.received.filter((r) => r.event === 'crawl.changed')).toEqual([]);
    const crawl = await trawl.crawls.recrawl(first.id);
    const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 100 });
    const counts = done.changes!;
    expect(counts.unchanged).toBeGreaterThan(0);
    const hit = await receiver.waitFor((r) => r.event === 'crawl.changed');
    expect(hit.verified).toBe(true);
    expect(hit.body.data).toEqual({
      crawl: { id: crawl.id, projectId: server.projectId },
      counts,
      links: {
        console: `${server.url}/crawl-result/${crawl.id}?changeStatus=changed`,
        api: `${server.url}/crawls/${crawl.id}/results?changeStatus=changed`,
      },
    });
    await trawl.webhooks.delete(endpoint.id);
  });

  it('sends nothing to a disabled endpoint, and answers bad input with 400s naming the field', async () => {
    const endpoint = await trawl.webhooks.create({ url: receiver.url, events: ['crawl.started'] });
    await trawl.webhooks.update(endpoint.id, { enabled: false });
    const crawl = await crawlSite();
    expect(await trawl.webhooks.deliveries(endpoint.id)).toEqual([]);
    expect(receiver.received.filter((r) => JSON.stringify(r.body).includes(crawl.id))).toEqual([]);

    const bad = [
      { url: 'ftp://example.com/', events: ['crawl.started'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['crawl.exploded'] },
    ];
    for (const body of bad) {
      const err = await trawl.webhooks.create(body as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TrawlApiError);
      expect(err).toMatchObject({ status: 400, code: 'validation_error' });
    }
    await expect(
      trawl.webhooks.create({ url: 'http://169.254.169.254/latest', events: ['crawl.started'] }),
    ).rejects.toMatchObject({ status: 400, code: 'blocked_address' });
    await trawl.webhooks.delete(endpoint.id);
  });
});

describe('webhooks without private networks allowed', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ env: { ...FAST, TRAWL_ALLOW_PRIVATE_NETWORKS: 'false' } });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('refuses a loopback or private target when it is created, and when it is delivered to', async () => {
    const client = createTrawlClient({ baseUrl: strict.url, token: strict.token });
    for (const url of [receiver.url, 'http://10.1.2.3/hook', 'http://localhost:9/hook']) {
      await expect(client.webhooks.create({ url, events: ['crawl.started'] })).rejects.toMatchObject({
        status: 400,
        code: 'blocked_address',
        details: [{ path: 'url' }],
      });
    }
    // One that got in some other way (its DNS changed since) is refused when sent to.
    const [row] = await strict.server.deps.db
      .insert(webhookEndpoints)
      .values({
        teamId: strict.teamId,
        projectId: strict.projectId,
        url: receiver.url,
        events: ['crawl.started'],
        secret: 'whsec_x',
      })
      .returning();
    const before = receiver.received.length;
    await client.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
    let log;
    do {
      await new Promise((r) => setTimeout(r, 100));
      log = await client.webhooks.deliveries(row!.id);
    } while (!log.length || log[0]!.status === 'pending');
    expect(log[0]).toMatchObject({ status: 'failed', attempts: 1, lastResponseCode: null });
    expect(log[0]!.lastError).toMatch(/Blocked: 127\.0\.0\.1/);
    expect(receiver.received.length).toBe(before);
  });
});

describe('a delivery that keeps failing', () => {
  let short: TestServer;
  let failing: WebhookReceiver;
  beforeAll(async () => {
    [short, failing] = await Promise.all([
      startTestServer({ env: { ...FAST, TRAWL_WEBHOOK_MAX_AGE_S: '1' } }),
      startWebhookReceiver(),
    ]);
    failing.respond(...Array<number>(100).fill(500));
  });
  afterAll(async () => {
    await Promise.all([short?.close(), failing?.close()]);
  });

  it('is retried with backoff until its max age, then marked failed', async () => {
    const client = createTrawlClient({ baseUrl: short.url, token: short.token });
    const endpoint = await client.webhooks.create({ url: failing.url, events: ['crawl.started'] });
    failing.secret = endpoint.secret;
    await client.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
    let log;
    do {
      await new Promise((r) => setTimeout(r, 100));
      log = await client.webhooks.deliveries(endpoint.id);
    } while (!log.length || log[0]!.status === 'pending');
    expect(log[0]).toMatchObject({ status: 'failed', lastResponseCode: 500 });
    expect(log[0]!.attempts).toBeGreaterThanOrEqual(2);
    expect(new Set(log[0]!.attemptLog.map((a) => a.responseCode))).toEqual(new Set([500]));
    expect(failing.received.length).toBe(log[0]!.attempts);
  });
});
