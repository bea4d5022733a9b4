// The webhook outbox survives a crash: the built server, killed with SIGKILL while a delivery waits for
// its retry, sends it after a restart on the same data folder (or database).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { page, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killChild, startChildServer } from './child-server.js';
import { createTestDatabaseUrl } from './harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const children: ChildProcess[] = [];
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let site: FixtureServer;
let receiver: WebhookReceiver;

async function start() {
  const server = await startChildServer({
    dataDir,
    databaseUrl: database?.url,
    // The first retry waits 3 s: long enough to kill the server before it, short enough for a test.
    env: {
      TRAWL_WEBHOOK_RETRY_BASE_MS: '3000',
      TRAWL_WEBHOOK_TIMEOUT_MS: '1000',
      TRAWL_WEBHOOK_POLL_MS: '50',
      TRAWL_PARSE_WORKERS: '1',
    },
  });
  children.push(server.child);
  return server;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'trawl-webhooks-'));
  [database, site, receiver] = await Promise.all([
    createTestDatabaseUrl(),
    startFixtureServer(),
    startWebhookReceiver(),
  ]);
  site.route('/', { body: page({ title: 'Home', main: '<h1>Home</h1><p>Welcome.</p>' }) });
});
afterAll(async () => {
  await Promise.all(children.map(killChild));
  await Promise.all([site?.close(), receiver?.close(), database?.drop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('webhook outbox across a crash', () => {
  it(
    'delivers, after a restart, an event whose retry was pending when the server was killed',
    { timeout: 90_000 },
    async () => {
      const first = await start();
      const { token } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
        token: string;
      };
      let trawl = createTrawlClient({ baseUrl: first.url, token });
      const endpoint = await trawl.webhooks.create({ url: receiver.url, events: ['crawl.started'] });
      receiver.secret = endpoint.secret;
      receiver.respond(500);
      const crawl = await trawl.crawls.start({ startUrl: `${site.origin}/`, maxResults: 5 });

      // Killed once the first attempt's 500 is in the log, with the retry seconds away.
      for (;;) {
        const [delivery] = await trawl.webhooks.deliveries(endpoint.id);
        if (delivery?.lastResponseCode === 500 && delivery.status === 'pending') break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await killChild(first.child);
      const [failedTry] = receiver.received;
      expect(failedTry).toMatchObject({ event: 'crawl.started', status: 500, verified: true });

      const second = await start();
      trawl = createTrawlClient({ baseUrl: second.url, token });
      const delivered = await receiver.waitFor((r) => r.deliveryId === failedTry!.deliveryId, 30_000);
      expect(delivered.body).toEqual(failedTry!.body);
      expect((delivered.body.data.crawl as { id: string }).id).toBe(crawl.id);
      expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);

      // The receiver has the request before the server has its answer written down: the log catches up.
      await expect
        .poll(async () => (await trawl.webhooks.deliveries(endpoint.id))[0]?.status)
        .toBe('succeeded');
      const [logged] = await trawl.webhooks.deliveries(endpoint.id);
      expect(logged).toMatchObject({ id: failedTry!.deliveryId, status: 'succeeded', attempts: 2 });
      expect(logged!.attemptLog.map((a) => a.responseCode)).toEqual([500, 200]);
    },
  );
});
