// trawl webhooks create | list | deliveries | redeliver | delete, as a child process, against a real server
// that sends to a receiving stand-in on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, runCli, type Sandbox } from './cli.js';

let server: TestServer;
let trawl: TrawlClient;
let sandbox: Sandbox;
let receiver: Server;
let hookUrl: string;
const statuses: number[] = [];
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];

beforeAll(async () => {
  server = await startTestServer({ env: { TRAWL_WEBHOOK_POLL_MS: '50' } });
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
  // Answers 410 to the first delivery, 200 after.
  receiver = createServer((req, res) => {
    req.resume();
    const status = statuses.length === 0 ? 410 : 200;
    statuses.push(status);
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  sandbox?.cleanup();
});

async function settled(id: string) {
  for (;;) {
    const list = await trawl.webhooks.deliveries(id);
    if (list.length && list.every((d) => d.status !== 'pending')) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('trawl webhooks', () => {
  it('creates an endpoint, lists it and its deliveries, redelivers and deletes it', async () => {
    const created = await runCli(
      ['webhooks', 'create', '--url', hookUrl, '--events', 'crawl.started,crawl.failed', ...auth()],
      sandbox,
    );
    expect(created.code, created.stderr).toBe(0);
    const [, id] = /Webhook created: (\S+)/.exec(created.stdout) ?? [];
    expect(created.stdout).toMatch(/Signing secret \(shown once.*\): whsec_\S+/);

    const listed = await runCli(['webhooks', 'list', ...auth()], sandbox);
    expect(listed.stdout).toMatch(new RegExp(`^${id} +${hookUrl} +crawl.started,crawl.failed +on`, 'm'));

    // A crawl of a closed port: it starts and fails at once, two events; the first is answered 410.
    await trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
    const log = await settled(id!);
    const failed = log.find((d) => d.lastResponseCode === 410)!;
    expect(failed.status).toBe('failed');

    const deliveries = await runCli(['webhooks', 'deliveries', id!, ...auth()], sandbox);
    expect(deliveries.stdout).toMatch(new RegExp(`^${failed.id} +${failed.event} +failed +1 +410 +`, 'm'));

    const again = await runCli(['webhooks', 'redeliver', id!, failed.id, ...auth()], sandbox);
    expect(again.code, again.stderr).toBe(0);
    const [, newId] = /Redelivery queued: (\S+)/.exec(again.stdout) ?? [];
    const after = await settled(id!);
    expect(after.find((d) => d.id === newId)).toMatchObject({ status: 'succeeded', lastResponseCode: 200 });

    const deleted = await runCli(['webhooks', 'delete', id!, ...auth()], sandbox);
    expect(deleted.stdout).toBe(`Webhook deleted: ${id}\n`);
    expect((await runCli(['webhooks', 'list', ...auth()], sandbox)).stdout).toContain('No webhooks.');
  }, 180_000);

  it('says what is wrong: unknown events, a bad URL, an unknown endpoint', async () => {
    const events = await runCli(
      ['webhooks', 'create', '--url', hookUrl, '--events', 'crawl.boom', ...auth()],
      sandbox,
    );
    expect(events.code).toBe(2);
    expect(events.stderr).toContain('not crawl.boom');

    const url = await runCli(
      ['webhooks', 'create', '--url', 'nope', '--events', 'crawl.page', ...auth()],
      sandbox,
    );
    expect(url.code).toBe(1);
    expect(url.stderr).toContain('URL must be an http:// or https:// URL');

    const unknown = await runCli(
      ['webhooks', 'deliveries', '00000000-0000-4000-8000-000000000000', ...auth()],
      sandbox,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Webhook not found');
  }, 60_000);
});
