// `--json`: machine-readable output only on stdout, errors as one JSON object on stderr.
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type Crawl, type CrawlPage, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, createSandbox, runCli, type Sandbox } from './cli.js';

let server: TestServer;
let fixture: DocsFixture;
let trawl: TrawlClient;
let sandbox: Sandbox;
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];

beforeAll(async () => {
  [server, fixture] = await Promise.all([startTestServer(), startDocsFixture()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
  fixture.site.route('/slow', { body: '<html><body><main>slow</main></body></html>', delayMs: 5_000 });
});
afterAll(async () => {
  await Promise.all([server?.close(), fixture?.close()]);
  sandbox?.cleanup();
});

describe('--json output', () => {
  it('crawl prints the Crawl object; with --wait the final one, and nothing on stderr', async () => {
    const started = await runCli(
      ['crawl', fixture.startUrl, '--max-results', '3', '--json', ...auth()],
      sandbox,
    );
    expect(started.code).toBe(0);
    expect(started.stderr).toBe('');
    const crawl = JSON.parse(started.stdout) as Crawl;
    expect(crawl).toMatchObject({
      status: 'running',
      startUrls: [fixture.startUrl],
      maxResults: 3,
      origin: 'api',
    });
    expect(await trawl.crawls.get(crawl.id)).toMatchObject({ id: crawl.id });

    const waited = await runCli(
      ['crawl', fixture.startUrl, '--max-results', '2', '--max-depth', '1', '--wait', '--json', ...auth()],
      sandbox,
    );
    expect(waited.code).toBe(0);
    expect(waited.stderr).toBe('');
    expect(JSON.parse(waited.stdout)).toMatchObject({ status: 'succeeded', numberOfResults: 2 });
    await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 });
  });

  it('status prints the Crawl object', async () => {
    const [latest] = (await trawl.crawls.list({ limit: 1 })).results;
    const run = await runCli(['status', latest!.id, '--json', ...auth()], sandbox);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(await trawl.crawls.get(latest!.id));
  });

  it('list prints the API page object (0-based page) for the 1-based --page', async () => {
    const run = await runCli(['list', '--page', '2', '--limit', '1', '--json', ...auth()], sandbox);
    expect(run.code).toBe(0);
    const page = JSON.parse(run.stdout) as CrawlPage;
    expect(page).toEqual(await trawl.crawls.list({ page: 1, limit: 1 }));
    expect(page).toMatchObject({ page: 1, totalPages: 2, totalResults: 2 });
  });

  it('abort prints the aborted Crawl object', async () => {
    const crawl = await trawl.crawls.start({ startUrl: `${fixture.site.origin}/slow`, maxResults: 1 });
    const run = await runCli(['abort', crawl.id, '--json', ...auth()], sandbox);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ id: crawl.id, status: 'aborted' });
  });

  it('a failed crawl under --wait prints the Crawl on stdout and the error as JSON on stderr', async () => {
    const run = await runCli(
      ['crawl', `${fixture.site.origin}/missing`, '--wait', '--json', ...auth()],
      sandbox,
    );
    expect(run.code).toBe(1);
    const crawl = JSON.parse(run.stdout) as Crawl;
    expect(crawl.status).toBe('failed');
    expect(JSON.parse(run.stderr)).toEqual({
      error: { code: 'crawl_failed', message: `Crawl ${crawl.id} ended failed with 0 results`, details: [] },
    });
  });
});

describe('errors under --json', () => {
  it('are one JSON object on stderr, with nothing on stdout and a non-zero exit', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const missing = await runCli(['status', id, '--json', ...auth()], sandbox);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(JSON.parse(missing.stderr)).toEqual({
      error: { code: 'not_found', message: `Crawl ${id} not found`, details: [] },
    });

    const before = (await trawl.crawls.list({ limit: 1 })).totalResults;
    const invalid = await runCli(
      ['crawl', fixture.startUrl, '--max-results', '0', '--engine', 'selenium', '--json', ...auth()],
      sandbox,
    );
    expect(invalid.code).toBe(2);
    expect(invalid.stdout).toBe('');
    expect(JSON.parse(invalid.stderr)).toEqual({
      error: {
        code: 'validation_error',
        message: 'Invalid crawl settings',
        details: [
          { path: 'maxResults', message: 'Max Results must be a number between 1 and 5000' },
          { path: 'engineType', message: 'Engine Type must be one of: cheerio, playwright, auto' },
        ],
      },
    });
    expect((await trawl.crawls.list({ limit: 1 })).totalResults).toBe(before);

    const usage = await runCli(['list', '--frobnicate', '--json'], sandbox);
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stderr).error).toMatchObject({
      code: 'usage_error',
      message: expect.stringContaining("unknown option '--frobnicate'"),
    });

    const url = await closedPortUrl();
    const down = await runCli(['list', '--json', '--api-url', url, '--token', server.token], sandbox);
    expect(down.code).toBe(1);
    expect(JSON.parse(down.stderr).error).toMatchObject({
      code: 'connection_error',
      message: expect.stringContaining(`Could not reach the Trawl API at ${url}`),
    });
  });
});
