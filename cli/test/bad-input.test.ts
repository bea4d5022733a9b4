// Bad input through the built CLI: every case fails with its reason on stderr and creates nothing.
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, runCli, type Sandbox } from './cli.js';

let server: TestServer;
let fixture: DocsFixture;
let trawl: TrawlClient;
let sandbox: Sandbox;
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];
const crawlCount = async (): Promise<number> => (await trawl.crawls.list({ limit: 1 })).totalResults;

beforeAll(async () => {
  [server, fixture] = await Promise.all([startTestServer(), startDocsFixture()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
});
afterAll(async () => {
  await Promise.all([server?.close(), fixture?.close()]);
  sandbox?.cleanup();
});

describe('invalid crawl settings are refused before any request', () => {
  const cases: Array<[name: string, args: (start: string) => string[], detail: string]> = [
    ['an invalid URL', () => ['not a url'], 'startUrl: Start URL must be a valid URL'],
    ['a non-web URL', () => ['ftp://example.com/'], 'startUrl: Start URL must be a valid URL'],
    [
      '--max-results 0',
      (u) => [u, '--max-results', '0'],
      'maxResults: Max Results must be a number between 1 and 5000',
    ],
    [
      '--max-results 5001',
      (u) => [u, '--max-results', '5001'],
      'maxResults: Max Results must be a number between 1 and 5000',
    ],
    [
      '--max-results abc',
      (u) => [u, '--max-results', 'abc'],
      'maxResults: Max Results must be a number between 1 and 5000',
    ],
    [
      '--max-results 2.5',
      (u) => [u, '--max-results', '2.5'],
      'maxResults: Max Results must be a number between 1 and 5000',
    ],
    [
      '--max-results 10x',
      (u) => [u, '--max-results', '10x'],
      'maxResults: Max Results must be a number between 1 and 5000',
    ],
    [
      '--max-depth 51',
      (u) => [u, '--max-depth', '51'],
      'maxDepth: Max Depth must be a number between 1 and 50',
    ],
    [
      '--timeout 0',
      (u) => [u, '--timeout', '0'],
      'timeout: Timeout must be a number between 1 and 9999999999',
    ],
    [
      '--engine selenium',
      (u) => [u, '--engine', 'selenium'],
      'engineType: Engine Type must be one of: cheerio, playwright, auto',
    ],
    [
      '--sitemap with --entire-website',
      (u) => [u, '--sitemap', '--entire-website'],
      'Entire Website and Use Sitemap cannot both be on',
    ],
  ];

  it.each(cases)('%s: exits 2 with the API message and creates nothing', async (_name, args, detail) => {
    const before = await crawlCount();
    const run = await runCli(['crawl', ...args(fixture.startUrl), ...auth()], sandbox);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toBe('error: Invalid crawl settings');
    expect(run.stderr).toContain(detail);
    expect(await crawlCount()).toBe(before);
  });

  it('lists every bad setting at once, one line each', async () => {
    const run = await runCli(
      ['crawl', 'nope', '--max-results', '0', '--max-depth', '99', '--engine', 'x', ...auth()],
      sandbox,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      [
        'error: Invalid crawl settings',
        '  startUrl: Start URL must be a valid URL',
        '  maxResults: Max Results must be a number between 1 and 5000',
        '  maxDepth: Max Depth must be a number between 1 and 50',
        '  engineType: Engine Type must be one of: cheerio, playwright, auto',
        '',
      ].join('\n'),
    );
  });

  it('refuses bad settings even with no server to ask', async () => {
    const run = await runCli(['crawl', fixture.startUrl, '--max-depth', '51'], sandbox);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Max Depth must be a number between 1 and 50');
  });
});

describe('usage errors', () => {
  it('fails an unknown flag with exit 2, naming it, and creates nothing', async () => {
    const before = await crawlCount();
    const run = await runCli(['crawl', fixture.startUrl, '--frobnicate', ...auth()], sandbox);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("error: unknown option '--frobnicate' (see `trawl crawl --help`)\n");
    expect(await crawlCount()).toBe(before);
  });

  it('fails an unknown command, a missing argument and a bad --format with exit 2', async () => {
    const unknown = await runCli(['crawlz', fixture.startUrl], sandbox);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("error: unknown command 'crawlz'");
    expect(unknown.stderr).toContain('(Did you mean crawl?)');

    const missing = await runCli(['status'], sandbox);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("error: missing required argument 'id'");

    const format = await runCli(['results', 'x', '--format', 'xml'], sandbox);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('Allowed choices are md, json, jsonl, csv');

    const page = await runCli(['list', '--page', '0'], sandbox);
    expect(page.code).toBe(2);
    expect(page.stderr).toContain(
      "option '--page <n>' argument '0' is invalid. Expected a whole number of 1 or more.",
    );
  });
});

describe('settings the server refuses', () => {
  it('renders the API 400 with one line per field, exits 1 and creates nothing', async () => {
    const before = await crawlCount();
    // Valid locally, but this server has no static IP configured.
    const run = await runCli(['crawl', fixture.startUrl, '--static-ips', ...auth()], sandbox);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'error: The Trawl API rejected the request\n  useStaticIps: Static IPs are not configured on this server; turn Use Static IPs off\n',
    );
    expect(await crawlCount()).toBe(before);
  });
});
