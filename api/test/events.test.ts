import { startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import {
  createTrawlClient,
  parseSse,
  TrawlApiError,
  type CrawlStreamEvent,
  type TeamEvent,
  type TrawlClient,
} from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTeamWithToken, startTestServer, type TestServer } from './harness.js';

// Live events through the real server: SSE per crawl (the SDK's watch) and the team WebSocket.
let server: TestServer;
let site: FixtureServer;
let trawl: TrawlClient;
let other: { teamId: string; token: string };
let otherTrawl: TrawlClient;

const PAGES = 12;

beforeAll(async () => {
  // Small batches and little concurrency: a crawl commits many times, slowly enough to watch it live.
  [server, site] = await Promise.all([
    startTestServer({ env: { TRAWL_CRAWL_CONCURRENCY: '2', TRAWL_CRAWL_BATCH_SIZE: '2' } }),
    startFixtureServer(),
  ]);
  const links = Array.from(
    { length: PAGES - 1 },
    (_, i) => `<li><a href="/p${i + 1}">Page ${i + 1}</a></li>`,
  ).join('');
  site.route('/', {
    body: `<html><head><title>Live home</title></head><body><main><h1>Live</h1><ul>${links}</ul></main></body></html>`,
  });
  for (let i = 1; i < PAGES; i++) {
    site.route(`/p${i}`, {
      delayMs: 60,
      body: `<html><head><title>Page ${i}</title></head><body><main><h1>Page ${i}</h1><p>Body of page ${i}.</p></main></body></html>`,
    });
  }
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  other = await createTeamWithToken(server.server.database);
  otherTrawl = createTrawlClient({ baseUrl: server.url, token: other.token });
});
afterAll(async () => {
  await Promise.all([server?.close(), site?.close()]);
});

const startLiveCrawl = (client = trawl) =>
  client.crawls.start({
    startUrl: `${site.origin}/`,
    maxResults: PAGES,
    maxDepth: 1,
    engineType: 'cheerio',
    deduplicateContent: false,
  });

async function collect(events: AsyncIterable<CrawlStreamEvent>): Promise<CrawlStreamEvent[]> {
  const all: CrawlStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/** A fetch whose event streams break after `cutAfter` messages, as a flaky network would cut them. */
function cuttingFetch(
  cutAfter: number,
  cuts: { count: number; resumedFrom: Array<string | null> },
): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    cuts.resumedFrom.push(headers.get('last-event-id'));
    const response = await fetch(input, init);
    if (!response.body) return response;
    const reader = response.body.getReader();
    let seen = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        controller.enqueue(value);
        seen += new TextDecoder().decode(value).split('\n\n').length - 1;
        if (seen >= cutAfter) {
          cuts.count++;
          await reader.cancel();
          controller.error(new TypeError('terminated'));
        }
      },
      cancel: () => reader.cancel(),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

function checkStory(events: CrawlStreamEvent[]): void {
  const ids = events.map((e) => e.id);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(ids.length);
  const statuses = events.flatMap((e) => (e.type === 'CRAWL_EVENT' ? [e.crawl.status] : []));
  expect(statuses[0]).toBe('running');
  expect(statuses.at(-1)).toBe('succeeded');
  const results = events.flatMap((e) => (e.type === 'CRAWL_RESULT_CREATED_EVENT' ? [e] : []));
  expect(results.map((e) => e.totalCount)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
  expect(results.map((e) => e.crawlResult.position)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
}

describe('GET /crawls/{id}/events and crawls.watch', () => {
  it("tells a crawl's whole story live, in order: status, every result with its count, every log line", async () => {
    const crawl = await startLiveCrawl();
    const events = await collect(trawl.crawls.watch(crawl.id));
    checkStory(events);
    const results = events.flatMap((e) => (e.type === 'CRAWL_RESULT_CREATED_EVENT' ? [e.crawlResult] : []));
    expect(results.find((r) => r.title === 'Page 3')?.markdown).toContain('Body of page 3.');
    // Every log line the crawl wrote, exactly once and in order.
    const logIds: string[] = [];
    for await (const line of trawl.crawls.logs(crawl.id)) logIds.push(line.id);
    expect(events.flatMap((e) => (e.type === 'CRAWL_LOG_CREATED_EVENT' ? [e.crawlLog.id] : []))).toEqual(
      logIds,
    );
    expect(events.find((e) => e.type === 'CRAWL_LOG_CREATED_EVENT')).toMatchObject({
      crawlLog: { message: 'Crawl started' },
    });
  });

  it('resumes with Last-Event-ID after every cut, delivering each event exactly once', async () => {
    const crawl = await startLiveCrawl();
    const cuts = { count: 0, resumedFrom: [] as Array<string | null> };
    const client = createTrawlClient({
      baseUrl: server.url,
      token: server.token,
      fetch: cuttingFetch(4, cuts),
    });
    const live = await collect(client.crawls.watch(crawl.id, { retryDelayMs: 10, includeMarkdown: false }));
    expect(cuts.count).toBeGreaterThan(3);
    expect(cuts.resumedFrom[0]).toBeNull();
    expect(cuts.resumedFrom.slice(1).every((id) => id !== null && /^\d+$/.test(id))).toBe(true);
    checkStory(live);
    expect(
      live.every((e) => e.type !== 'CRAWL_RESULT_CREATED_EVENT' || e.crawlResult.markdown === undefined),
    ).toBe(true);
    // The same story read afterwards in one go: nothing was lost or repeated across the cuts.
    const replay = await collect(trawl.crawls.watch(crawl.id, { includeMarkdown: false }));
    expect(live.map((e) => e.id)).toEqual(replay.map((e) => e.id));
    // And resuming from the middle yields exactly the rest.
    const middle = replay[Math.floor(replay.length / 2)]!;
    const rest = await collect(
      trawl.crawls.watch(crawl.id, { lastEventId: middle.id, includeMarkdown: false }),
    );
    expect(rest.map((e) => e.id)).toEqual(replay.filter((e) => e.id > middle.id).map((e) => e.id));
  });

  it('speaks standard SSE: ids, event names, JSON data, and an end event once the crawl has ended', async () => {
    const crawl = await startLiveCrawl();
    await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 });
    const response = await fetch(`${server.url}/crawls/${crawl.id}/events?includeMarkdown=false`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const messages = [];
    for await (const message of parseSse(response.body!)) messages.push(message);
    expect(messages.at(-1)).toMatchObject({ event: 'end' });
    const first = messages[0]!;
    expect(first.event).toBe('CRAWL_EVENT');
    expect(JSON.parse(first.data)).toMatchObject({
      id: Number(first.id),
      type: 'CRAWL_EVENT',
      crawlId: crawl.id,
    });
    // The query parameter works where the header cannot be sent.
    const after = await fetch(`${server.url}/crawls/${crawl.id}/events?lastEventId=${first.id}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    const rest = [];
    for await (const message of parseSse(after.body!)) rest.push(message);
    expect(rest.map((m) => m.id)).toEqual(messages.slice(1).map((m) => m.id));
  });

  it('answers bad input, strangers and other teams with clear errors', async () => {
    const crawl = await startLiveCrawl();
    await expect(otherTrawl.crawls.watch(crawl.id)[Symbol.asyncIterator]().next()).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    await expect(
      trawl.crawls.watch('00000000-0000-4000-8000-000000000000')[Symbol.asyncIterator]().next(),
    ).rejects.toBeInstanceOf(TrawlApiError);
    const anonymous = await fetch(`${server.url}/crawls/${crawl.id}/events`);
    expect(anonymous.status).toBe(401);
    const auth = { authorization: `Bearer ${server.token}` };
    for (const [query, headers, field] of [
      ['?includeMarkdown=maybe', auth, 'includeMarkdown'],
      ['?lastEventId=-3', auth, 'lastEventId'],
      ['', { ...auth, 'last-event-id': 'abc' }, 'last-event-id'],
    ] as const) {
      const bad = await fetch(`${server.url}/crawls/${crawl.id}/events${query}`, { headers });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ code: 'validation_error', details: [{ path: field }] });
    }
    await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 });
  });
});

/** A socket on /events that records every message; `ready` resolves once the server's subscription is live. */
function openSocket(options: { header?: string; firstMessage?: unknown }): {
  ws: WebSocket;
  messages: Array<TeamEvent | { type: 'ready' }>;
  ready: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
} {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/events?includeMarkdown=false`, {
    headers: options.header ? { authorization: options.header } : {},
  });
  const messages: Array<TeamEvent | { type: 'ready' }> = [];
  const ready = new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as TeamEvent | { type: 'ready' };
      messages.push(message);
      if (message.type === 'ready') resolve();
    });
    ws.once('close', () => reject(new Error('closed before ready')));
    ws.once('error', reject);
  });
  ready.catch(() => undefined);
  if (options.firstMessage !== undefined)
    ws.once('open', () => ws.send(JSON.stringify(options.firstMessage)));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { ws, messages, ready, closed };
}

describe('the /events WebSocket', () => {
  it("carries every event of the caller's team, and never another team's", async () => {
    const mine = openSocket({ header: `Bearer ${server.token}` });
    // A browser cannot set headers: it authenticates with its first message.
    const theirs = openSocket({ firstMessage: { type: 'auth', token: other.token } });
    await Promise.all([mine.ready, theirs.ready]);

    const crawl = await startLiveCrawl();
    await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 });
    const otherCrawl = await startLiveCrawl(otherTrawl);
    await otherTrawl.crawls.waitForCompletion(otherCrawl.id, { pollIntervalMs: 50 });

    const endOf = (messages: typeof mine.messages, crawlId: string) => () =>
      messages.some(
        (m) => m.type === 'CRAWL_EVENT' && m.crawlId === crawlId && m.crawl.status === 'succeeded',
      );
    await expect.poll(endOf(mine.messages, crawl.id), { timeout: 10_000 }).toBe(true);
    await expect.poll(endOf(theirs.messages, otherCrawl.id), { timeout: 10_000 }).toBe(true);

    const crawlIdsOf = (messages: typeof mine.messages) =>
      new Set(messages.flatMap((m) => (m.type === 'ready' ? [] : [m.crawlId])));
    expect(crawlIdsOf(mine.messages)).toEqual(new Set([crawl.id]));
    expect(crawlIdsOf(theirs.messages)).toEqual(new Set([otherCrawl.id]));
    const results = mine.messages.flatMap((m) =>
      m.type === 'CRAWL_RESULT_CREATED_EVENT' ? [m.totalCount] : [],
    );
    expect(results).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
    expect(mine.messages.filter((m) => m.type === 'CRAWL_LOG_CREATED_EVENT').length).toBeGreaterThan(2);
    mine.ws.close();
    theirs.ws.close();
  });

  it('refuses a bad token on the upgrade, a bad first message, and a socket path that does not exist', async () => {
    const status = (url: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url, { headers });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('open', () => reject(new Error('opened')));
        ws.once('error', () => undefined);
      });
    const base = server.url.replace('http', 'ws');
    expect(await status(`${base}/events`, { authorization: 'Bearer trawl_not_a_real_token_at_all' })).toBe(
      401,
    );
    expect(await status(`${base}/elsewhere`, { authorization: `Bearer ${server.token}` })).toBe(404);

    const garbled = openSocket({ firstMessage: 'hello' });
    expect(await garbled.closed).toMatchObject({ code: 4401 });
    const wrong = openSocket({ firstMessage: { type: 'auth', token: 'trawl_not_a_real_token_at_all' } });
    expect(await wrong.closed).toMatchObject({ code: 4401, reason: 'Invalid or revoked API token' });
    expect(wrong.messages).toEqual([]);
  });
});
