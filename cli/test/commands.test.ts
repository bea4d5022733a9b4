// status, list, abort, help and version as people read them, and the errors they meet.
import { readFileSync } from 'node:fs';
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type Crawl, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPortUrl, crawlIdFrom, createSandbox, runCli, type Sandbox } from './cli.js';

let server: TestServer;
let fixture: DocsFixture;
let trawl: TrawlClient;
let sandbox: Sandbox;
let done: Crawl;
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];

beforeAll(async () => {
  [server, fixture] = await Promise.all([startTestServer(), startDocsFixture()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
  const crawl = await trawl.crawls.start({
    startUrl: fixture.startUrl,
    maxResults: 4,
    maxDepth: 1,
    engineType: 'cheerio',
  });
  done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 });
});
afterAll(async () => {
  await Promise.all([server?.close(), fixture?.close()]);
  sandbox?.cleanup();
});

describe('trawl status', () => {
  it("shows the crawl's fields and settings in a readable block", async () => {
    const run = await runCli(['status', done.id, ...auth()], sandbox);
    expect(run.code).toBe(0);
    const field = (label: string): string | undefined =>
      run.stdout.match(new RegExp(`^${label} +(.*)$`, 'm'))?.[1];
    expect(field('Crawl')).toBe(done.id);
    expect(field('Status')).toBe('succeeded');
    expect(field('Start URL')).toBe(fixture.startUrl);
    expect(field('Title')).toBe('Fixture Docs Home');
    expect(field('Results')).toBe('4');
    expect(field('Duration')).toBe(`${done.durationInSeconds}s`);
    // TZ=UTC in the sandbox, so local time is the stored UTC time.
    expect(field('Created')).toBe(done.createdAt.slice(0, 19).replace('T', ' '));
    expect(field('Completed')).toBe(done.completedAt!.slice(0, 19).replace('T', ' '));
    expect(field('Origin')).toBe('api');
    expect(run.stdout).toContain('\nSettings\n');
    expect(field('  Max results')).toBe('4');
    expect(field('  Max depth')).toBe('1');
    expect(field('  Engine')).toBe('cheerio');
    expect(field('  Timeout')).toBe('60 min');
    expect(field('  Remove duplicates')).toBe('on');
  });

  it('says an unknown crawl is not found, exiting 1', async () => {
    const run = await runCli(['status', '00000000-0000-4000-8000-000000000000', ...auth()], sandbox);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('error: Crawl 00000000-0000-4000-8000-000000000000 not found\n');
  });
});

describe('trawl list', () => {
  it('shows a table of ID, status, results, start URL and created, newest first', async () => {
    const second = await trawl.crawls.start({ startUrl: `${fixture.site.origin}/about`, maxResults: 1 });
    await trawl.crawls.waitForCompletion(second.id, { pollIntervalMs: 50 });
    const run = await runCli(['list', ...auth()], sandbox);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID {36}STATUS {5}RESULTS {2}START URL {2,}CREATED$/);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${second.id}  succeeded  +1  ${fixture.site.origin}/about +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d$`,
      ),
    );
    expect(lines[2]).toMatch(new RegExp(`^${done.id}  succeeded  +4  ${fixture.startUrl} +\\d{4}-`));
    expect(lines.at(-2)).toBe('Page 1 of 1 (2 crawls)');
  });

  it('pages from 1 and searches with --query', async () => {
    const first = await runCli(['list', '--limit', '1', ...auth()], sandbox);
    expect(first.stdout).toContain('Page 1 of 2 (2 crawls); next: trawl list --page 2 --limit 1');
    const page = await runCli(['list', '--page', '2', '--limit', '1', ...auth()], sandbox);
    expect(page.stdout.split('\n')[1]).toContain(done.id);
    const found = await runCli(['list', '--query', '/about', ...auth()], sandbox);
    expect(found.stdout).not.toContain(done.id);
    expect(found.stdout).toContain('/about');
    const none = await runCli(['list', '--query', 'nothing-like-this', ...auth()], sandbox);
    expect(none.stdout).toBe('No crawls match "nothing-like-this".\n');
  });
});

describe('trawl abort', () => {
  it('aborts a running crawl and prints its new status; a second abort fails with the reason', async () => {
    fixture.site.route('/slow', { body: '<html><body><main>slow</main></body></html>', delayMs: 5_000 });
    const id = crawlIdFrom(
      await runCli(['crawl', `${fixture.site.origin}/slow`, '--max-results', '5', ...auth()], sandbox),
    );
    const run = await runCli(['abort', id, ...auth()], sandbox);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Crawl ${id} is now aborted (0 results kept)\n`);
    expect((await trawl.crawls.get(id)).status).toBe('aborted');

    const again = await runCli(['abort', id, ...auth()], sandbox);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`error: Crawl ${id}: The crawl is not running (status: aborted)\n`);
  });
});

describe('reaching the API', () => {
  it('explains a refused connection', async () => {
    const url = await closedPortUrl();
    const run = await runCli(['status', done.id, '--api-url', url, '--token', server.token], sandbox);
    expect(run.code).toBe(1);
    const port = new URL(url).port;
    expect(run.stderr).toBe(
      `error: Could not reach the Trawl API at ${url}: connect ECONNREFUSED 127.0.0.1:${port}. Is the server running (npm start)?\n`,
    );
  });

  it('points to trawl login on a 401', async () => {
    const run = await runCli(['list', '--api-url', server.url], sandbox, {
      env: { TRAWL_API_TOKEN: 'trawl_not_a_real_token_xxxxxxxxxxxxxxxx' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `error: The Trawl API at ${server.url} rejected the API token from TRAWL_API_TOKEN (Invalid or revoked API token). Log in with a valid one: trawl login --token <token>\n`,
    );
  });
});

describe('help and version', () => {
  it('prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const run = await runCli(['--version'], sandbox);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${version}\n`);
  });

  it('lists every command with a one-line description, and examples', async () => {
    const run = await runCli(['--help'], sandbox);
    expect(run.code).toBe(0);
    for (const command of ['crawl', 'status', 'results', 'list', 'abort', 'login', 'logout']) {
      expect(run.stdout).toMatch(new RegExp(`^  ${command}\\b.* {2,}[a-z].+$`, 'm'));
    }
    expect(run.stdout).toContain('Examples:\n  $ trawl crawl https://docs.example.com');
    const crawlHelp = await runCli(['crawl', '--help'], sandbox);
    expect(crawlHelp.code).toBe(0);
    expect(crawlHelp.stdout).toContain('--no-dedup');
    expect(crawlHelp.stdout).toContain('--json');
    const helpCommand = await runCli(['help', 'abort'], sandbox);
    expect(helpCommand.code).toBe(0);
    expect(helpCommand.stdout).toContain('Usage: trawl abort [options] <id>');
  });

  it('exits 2 with the help on stderr when no command is given', async () => {
    const run = await runCli([], sandbox);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage: trawl [options] [command]');
  });
});
