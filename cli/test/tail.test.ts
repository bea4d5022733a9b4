// `trawl tail` and `trawl crawl --tail`: the built CLI following crawls live through the event stream.
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type CrawlLog, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, createSandbox, runCli, runInTerminal, startCli, type Sandbox } from './cli.js';

let server: TestServer;
let fixture: DocsFixture;
let trawl: TrawlClient;
let sandbox: Sandbox;
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];
const LOG_LINE = /^\d\d:\d\d:\d\d (info |warn |error|debug) \S/;

beforeAll(async () => {
  [server, fixture] = await Promise.all([startTestServer(), startDocsFixture()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
});
afterAll(async () => {
  await Promise.all([server?.close(), fixture?.close()]);
  sandbox?.cleanup();
});

async function allLogs(id: string): Promise<CrawlLog[]> {
  const logs: CrawlLog[] = [];
  for await (const line of trawl.crawls.logs(id)) logs.push(line);
  return logs;
}

describe('trawl crawl --tail', () => {
  it('prints the crawl story as plain lines when not on a terminal, and exits 0 when it succeeded', async () => {
    const run = await runCli(
      ['crawl', fixture.startUrl, '--max-results', '3', '--max-depth', '1', '--tail', ...auth()],
      sandbox,
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    const id = lines[0]!.match(/^Crawl ([0-9a-f-]{36}) running: 0 results so far/)?.[1];
    expect(id, run.stdout).toBeDefined();
    expect(lines.at(-1)).toMatch(new RegExp(`^Crawl ${id} succeeded: 3 results in \\d+s$`));
    // Every log line the crawl has but debug ones, in order, each once.
    const expected = (await allLogs(id!)).filter((l) => l.level !== 'debug').map((l) => l.message);
    const printed = lines.filter((l) => LOG_LINE.test(l)).map((l) => l.slice(15).replace(/ - .*$/, ''));
    expect(printed).toEqual(expected);
    expect(printed[0]).toBe('Crawl started');
    expect(printed.at(-1)).toBe('Crawl finished');
    expect(run.stdout).not.toContain('Fetched ');
    expect(run.stderr).toContain(`Get the results with: trawl results ${id}`);
  });
});

describe('trawl tail', () => {
  it('replays an ended crawl as JSON Lines: every event once, in order, and exits 0', async () => {
    const crawl = await trawl.crawls.start({
      startUrl: fixture.startUrl,
      maxResults: 4,
      maxDepth: 1,
      engineType: 'cheerio',
    });
    await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 });
    const run = await runCli(['tail', crawl.id, '--json', ...auth()], sandbox);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const events = run.stdout
      .trimEnd()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            id: number;
            type: string;
            crawlId: string;
            crawlLog?: CrawlLog;
            totalCount?: number;
          },
      );
    expect(events.every((e) => e.crawlId === crawl.id)).toBe(true);
    const ids = events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(events.filter((e) => e.type === 'CRAWL_RESULT_CREATED_EVENT').map((e) => e.totalCount)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(events.filter((e) => e.type === 'CRAWL_LOG_CREATED_EVENT').map((e) => e.crawlLog!.id)).toEqual(
      (await allLogs(crawl.id)).map((l) => l.id),
    );
    expect(events.at(-1)?.type).toBe('CRAWL_EVENT');
  });

  it('shows debug lines only with --debug', async () => {
    const crawl = await trawl.crawls.start({
      startUrl: fixture.startUrl,
      maxResults: 2,
      maxDepth: 1,
      engineType: 'cheerio',
    });
    await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 });
    const plain = await runCli(['tail', crawl.id, ...auth()], sandbox);
    const debug = await runCli(['tail', crawl.id, '--debug', ...auth()], sandbox);
    expect([plain.code, debug.code]).toEqual([0, 0]);
    expect(plain.stdout).not.toMatch(/ debug Fetched /);
    expect(debug.stdout.match(/ debug Fetched http\S+/g)).toHaveLength(2);
  });

  it('exits 1 with the reason for a crawl that failed', async () => {
    const crawl = await trawl.crawls.start({ startUrl: `${await closedPortUrl()}/`, maxResults: 1 });
    const run = await runCli(['tail', crawl.id, ...auth()], sandbox);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`Crawl ${crawl.id} failed: 0 results`);
    expect(run.stdout).toMatch(/error Crawl failed - The start URL could not be crawled/);
    expect(run.stderr).toBe(`error: Crawl ${crawl.id} ended failed with 0 results\n`);
  });

  it('follows a running crawl to its abort and exits 1', async () => {
    fixture.site.route('/tail-slow', {
      body: '<html><body><main><p>Slow</p></main></body></html>',
      delayMs: 20_000,
    });
    const crawl = await trawl.crawls.start({ startUrl: `${fixture.site.origin}/tail-slow`, maxResults: 1 });
    const tail = startCli(['tail', crawl.id, ...auth()], sandbox);
    await tail.waitForStdout(/running: 0 results so far/);
    await trawl.crawls.abort(crawl.id);
    const run = await tail.done;
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`^Crawl ${crawl.id} running: 0 results so far`));
    expect(fixture.site.hits('/tail-slow')).toBe(1);
    expect(run.stdout).toMatch(/warn {2}Crawl aborted - Aborted with 0 results kept\./);
    expect(run.stderr).toBe(`error: Crawl ${crawl.id} ended aborted with 0 results\n`);
  });

  it('says an unknown crawl is not found, exiting 1', async () => {
    const run = await runCli(['tail', '00000000-0000-4000-8000-000000000000', ...auth()], sandbox);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: Crawl 00000000-0000-4000-8000-000000000000 not found\n');
  });

  it('shows a live view on a terminal: log lines, status, results and elapsed time', async () => {
    fixture.site.route('/tail-tty', {
      body: '<html><head><title>Tail TTY</title></head><body><main><p>Slow page</p></main></body></html>',
      delayMs: 1_500,
    });
    const crawl = await trawl.crawls.start({
      startUrl: `${fixture.site.origin}/tail-tty`,
      maxResults: 1,
      engineType: 'cheerio',
    });
    const run = await runInTerminal(['tail', crawl.id, ...auth()], sandbox);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏].* Crawling .*\/tail-tty/);
    expect(run.output).toMatch(/running.* · 0 results · \ds/);
    expect(run.output).toContain('Ctrl-C stops following; the crawl keeps running');
    expect(run.output).toMatch(/info.* Crawl started/);
    expect(run.output).toMatch(/info.* Crawl finished/);
    expect(run.output).toMatch(new RegExp(`Crawl ${crawl.id} .*succeeded.*: 1 result in \\ds`));
  });

  it('stops following on a typed Ctrl-C, leaving the crawl running', async () => {
    fixture.site.route('/tail-interrupt', {
      body: '<html><body><main><p>Slow</p></main></body></html>',
      delayMs: 20_000,
    });
    const crawl = await trawl.crawls.start({
      startUrl: `${fixture.site.origin}/tail-interrupt`,
      maxResults: 1,
    });
    const run = await runInTerminal(['tail', crawl.id, ...auth()], sandbox, {
      type: { when: /Crawl started/, keys: '\u0003' },
    });
    expect(run.code).toBe(130);
    expect(run.output).toContain(
      `Stopped following; crawl ${crawl.id} is still running. Follow it again with: trawl tail ${crawl.id}`,
    );
    expect((await trawl.crawls.get(crawl.id)).status).toBe('running');
    await trawl.crawls.abort(crawl.id);
  });
});
