// Aborting a crawl stops its work at once: the API answers `aborted` straight away, requests in flight are
// cancelled (the fixture site sees its connections close) and Chromium pages are closed, within 2 seconds,
// and what was stored before the abort is kept.
import { existsSync, readFileSync } from 'node:fs';
import {
  chromiumProcesses,
  page,
  startFixtureServer,
  type FixtureRequest,
  type FixtureServer,
} from '@trawl/fixtures';
import { createTrawlClient, type CrawlResult, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InProcessOrchestrator } from '../src/crawls/orchestrator.js';
import { signUp } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

const WITHIN_MS = 2_000;

let server: TestServer;
let site: FixtureServer;
let trawl: TrawlClient;
let orchestrator: InProcessOrchestrator;

beforeAll(async () => {
  [server, site] = await Promise.all([startTestServer(), startFixtureServer()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  orchestrator = server.runner;
});
afterAll(async () => {
  const browsers = ownChromium();
  await server?.close();
  await site?.close();
  // Closing the server closes the browser: none of the Chromium processes this file started may outlive it.
  const alive = (): number[] => browsers.filter((pid) => existsSync(`/proc/${pid}`) && !isZombie(pid));
  for (const deadline = Date.now() + 10_000; alive().length && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive().length)
    throw new Error(`Chromium processes left running after the server closed: ${alive().join(', ')}`);
});

/** Chromium processes started by this test file's process (other files may run browsers meanwhile). */
function ownChromium(): number[] {
  const parentOf = (pid: number): number =>
    Number(
      readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /s, '')
        .split(' ')[1],
    );
  return chromiumProcesses().filter((pid) => {
    try {
      for (let p = pid; p > 1; p = parentOf(p)) if (p === process.pid) return true;
    } catch {
      // exited meanwhile
    }
    return false;
  });
}
function isZombie(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .startsWith('Z');
  } catch {
    return true;
  }
}

async function allResults(id: string): Promise<CrawlResult[]> {
  const results: CrawlResult[] = [];
  for await (const result of trawl.crawls.results(id)) results.push(result);
  return results;
}

/** Aborts through the SDK and checks the answer came at once; returns when the abort was sent. */
async function abortNow(id: string): Promise<number> {
  const sentAt = Date.now();
  const aborted = await trawl.crawls.abort(id);
  expect(Date.now() - sentAt).toBeLessThan(WITHIN_MS);
  expect(aborted).toMatchObject({ id, status: 'aborted', numberOfResults: 1 });
  expect(aborted.completedAt).not.toBeNull();
  return sentAt;
}

/** Waits (generously, so a failure says what happened) for the fixture to see each request closed unanswered. */
async function expectClosedWithin(
  requests: FixtureRequest[],
  since: number,
  timeout = 15_000,
): Promise<void> {
  await expect
    .poll(() => requests.map((r) => r.abandonedAt !== undefined), { timeout })
    .toEqual(requests.map(() => true));
  for (const request of requests) {
    expect(request.answeredAt).toBeUndefined();
    expect(
      request.abandonedAt! - since,
      `${request.path} was closed ${request.abandonedAt! - since} ms after the abort`,
    ).toBeLessThan(WITHIN_MS);
  }
}

describe('aborting a crawl', () => {
  it('cancels Cheerio requests in flight within 2 s and keeps the results stored before', async () => {
    site.route('/http/start', {
      body: page({
        title: 'HTTP start',
        main: '<p>Stored before the abort.</p><a href="/http/hang-1">1</a> <a href="/http/hang-2">2</a>',
      }),
    });
    for (const path of ['/http/hang-1', '/http/hang-2'])
      site.route(path, { delayMs: 120_000, body: page({ title: 'Never', main: '<p>Never sent.</p>' }) });
    const crawl = await trawl.crawls.start({
      startUrl: `${site.origin}/http/start`,
      engineType: 'cheerio',
      maxResults: 10,
    });
    // The hanging pages are found on the start page, so both being requested means it was committed first.
    await expect
      .poll(() => site.pending().filter((r) => r.path.startsWith('/http/hang-')).length, { timeout: 15_000 })
      .toBe(2);
    const hanging = site.pending().filter((r) => r.path.startsWith('/http/hang-'));

    const abortedAt = await abortNow(crawl.id);
    await expectClosedWithin(hanging, abortedAt);

    await orchestrator.settled(crawl.id);
    expect(await trawl.crawls.get(crawl.id)).toMatchObject({ status: 'aborted', numberOfResults: 1 });
    const results = await allResults(crawl.id);
    expect(results.map((r) => [r.position, r.title])).toEqual([[1, 'HTTP start']]);
    expect(results[0]!.markdown).toContain('Stored before the abort.');
    expect(site.hits('/http/hang-1') + site.hits('/http/hang-2')).toBe(2);
  });

  // What Chromium asked the site for when the crawl was aborted, and when the abort was sent.
  let browserRequests: { script: FixtureRequest[]; abortedAt: number } | undefined;

  it(
    'closes a Chromium page that never finishes loading within 2 s and keeps the results stored before',
    { timeout: 60_000 },
    async () => {
      site.route('/browser/start', {
        body: page({
          title: 'Browser start',
          main: '<p>Rendered before the abort.</p><a href="/browser/never">never</a>',
        }),
      });
      // A parser-blocking script that never arrives: DOMContentLoaded never fires, so the page never loads.
      site.route('/browser/never', {
        body: page({
          title: 'Never loads',
          head: '<script src="/browser/never.js"></script>',
          main: '<p>Never rendered.</p>',
        }),
      });
      site.route('/browser/never.js', {
        delayMs: 120_000,
        headers: { 'content-type': 'text/javascript' },
        body: '',
      });
      const crawl = await trawl.crawls.start({
        startUrl: `${site.origin}/browser/start`,
        engineType: 'playwright',
        maxResults: 10,
      });
      await expect.poll(() => site.pending('/browser/never.js').length, { timeout: 30_000 }).toBe(1);
      const script = site.pending('/browser/never.js');
      expect(orchestrator.engineStats().browserContexts).toBe(1);

      const abortedAt = await abortNow(crawl.id);
      browserRequests = { script, abortedAt };
      // The crawl's context, and with it the page, is closed once its loop has given the page up.
      let closedAt = 0;
      await expect
        .poll(
          () => {
            const open = orchestrator.engineStats().browserContexts;
            if (open === 0 && !closedAt) closedAt = Date.now();
            return open;
          },
          { timeout: 15_000, interval: 20 },
        )
        .toBe(0);
      expect(
        closedAt - abortedAt,
        `the browser context closed ${closedAt - abortedAt} ms after the abort`,
      ).toBeLessThan(WITHIN_MS);

      await orchestrator.settled(crawl.id);
      expect(orchestrator.engineStats()).toEqual({ crawlsInMemory: 0, browserContexts: 0 });
      expect(await trawl.crawls.get(crawl.id)).toMatchObject({ status: 'aborted', numberOfResults: 1 });
      const results = await allResults(crawl.id);
      expect(results.map((r) => [r.position, r.title])).toEqual([[1, 'Browser start']]);
      expect(results[0]!.markdown).toContain('Rendered before the abort.');
    },
  );

  it('closes the request Chromium had in flight on the site within 2 s too', async () => {
    expect(browserRequests, 'the Chromium abort test ran first').toBeDefined();
    await expectClosedWithin(browserRequests!.script, browserRequests!.abortedAt, 4_000);
  });
});

describe('deleting a team', () => {
  it("stops the team's running crawls first, closing their requests in flight", async () => {
    site.route('/team/start', {
      body: page({ title: 'Team start', main: '<p>Start.</p><a href="/team/hang">hang</a>' }),
    });
    site.route('/team/hang', {
      delayMs: 120_000,
      body: page({ title: 'Never', main: '<p>Never sent.</p>' }),
    });
    const owner = await signUp(server.url);
    const crawl = await owner.browser.expect<{ id: string }>(201, 'POST', '/crawls', {
      body: { startUrl: `${site.origin}/team/start`, engineType: 'cheerio', maxResults: 10 },
    });
    await expect.poll(() => site.pending().filter((r) => r.path === '/team/hang').length).toBe(1);
    const hanging = site.pending().filter((r) => r.path === '/team/hang');

    const deletedAt = Date.now();
    const teamId = owner.user.teams[0]!.id;
    expect((await owner.browser.request('DELETE', `/teams/${teamId}`, { csrf: true })).status).toBe(204);

    await expectClosedWithin(hanging, deletedAt);
    await orchestrator.settled(crawl.id);
    expect(site.hits('/team/hang')).toBe(1);
  });
});
