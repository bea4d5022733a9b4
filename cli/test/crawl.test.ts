// `trawl crawl` end to end: the built CLI against a real API server crawling the docs fixture.
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type CrawlResult, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, crawlIdFrom, runCli, runInTerminal, startCli, type Sandbox } from './cli.js';

let server: TestServer;
let fixture: DocsFixture;
let trawl: TrawlClient;
let sandbox: Sandbox;
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];

beforeAll(async () => {
  [server, fixture] = await Promise.all([startTestServer(), startDocsFixture()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
});
afterAll(async () => {
  await Promise.all([server?.close(), fixture?.close()]);
  sandbox?.cleanup();
});

const pathOf = (url: string): string => new URL(url).pathname;

describe('trawl crawl --wait, then trawl results', () => {
  it('crawls to a successful end, then prints exactly one result object per line', async () => {
    const crawl = await runCli(
      ['crawl', fixture.startUrl, '--max-results', '8', '--max-depth', '2', '--wait', ...auth()],
      sandbox,
    );
    expect(crawl.stderr).not.toContain('error');
    expect(crawl.code).toBe(0);
    const id = crawl.stdout.match(/^Crawl ([0-9a-f-]{36}) succeeded: 8 results in \d+s\n$/)?.[1];
    expect(id, crawl.stdout).toBeDefined();
    // Without a terminal, progress is plain lines on stderr, starting from the running crawl.
    expect(crawl.stderr).toContain(`Crawl ${id} running: 0 results so far`);
    expect(crawl.stderr).toContain(`Get the results with: trawl results ${id}`);
    expect(await trawl.crawls.get(id!)).toMatchObject({
      status: 'succeeded',
      numberOfResults: 8,
      maxResults: 8,
      maxDepth: 2,
      origin: 'api',
    });

    const results = await runCli(['results', id!, '--format', 'jsonl', ...auth()], sandbox);
    expect(results.code).toBe(0);
    expect(results.stderr).toBe('');
    expect(results.stdout.endsWith('\n')).toBe(true);
    const lines = results.stdout.slice(0, -1).split('\n');
    expect(lines).toHaveLength(8);
    const parsed = lines.map((line) => JSON.parse(line) as CrawlResult);
    expect(parsed.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const result of parsed) {
      const page = fixture.docs.byPath(pathOf(result.url));
      expect(result).toMatchObject({ crawlId: id, title: page.title });
      expect(page.depth).toBeLessThanOrEqual(2);
      expect(result.markdown).toContain(`# ${page.heading}`);
      for (const paragraph of page.paragraphs) expect(result.markdown).toContain(paragraph);
    }
    expect(new Set(parsed.map((r) => r.url)).size).toBe(8);
  });

  it('exits 1 with the final status and result count when the crawl fails', async () => {
    const run = await runCli(
      ['crawl', `${fixture.site.origin}/missing`, '--max-results', '3', '--wait', ...auth()],
      sandbox,
    );
    expect(run.code).toBe(1);
    const id = run.stdout.match(/^Crawl ([0-9a-f-]{36}) failed: 0 results in \d+s\n$/)?.[1];
    expect(id, run.stdout).toBeDefined();
    expect(run.stderr).toContain(`error: Crawl ${id} ended failed with 0 results`);
    expect((await trawl.crawls.get(id!)).status).toBe('failed');
  });

  it('stops waiting on Ctrl-C without aborting the crawl, says how to resume, and resumes with status --wait', async () => {
    fixture.site.route('/slow-wait', {
      body: '<html><head><title>Slow</title></head><body><main><p>Slow page</p></main></body></html>',
      delayMs: 4_000,
    });
    const cli = startCli(
      ['crawl', `${fixture.site.origin}/slow-wait`, '--max-results', '1', '--wait', ...auth()],
      sandbox,
    );
    const [, id] = await cli.waitForStderr(/Crawl ([0-9a-f-]{36}) running/);
    cli.child.kill('SIGINT');
    const run = await cli.done;
    expect(run.code).toBe(130);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      `error: Stopped watching; crawl ${id} is still running. Watch it again with: trawl status ${id} --wait`,
    );
    expect((await trawl.crawls.get(id!)).status).toBe('running');

    const resumed = await runCli(['status', id!, '--wait', ...auth()], sandbox);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(new RegExp(`Crawl\\s+${id}\\n`));
    expect(resumed.stdout).toMatch(/Status\s+succeeded\n/);
    expect(resumed.stdout).toMatch(/Results\s+1\n/);
  });
});

describe('trawl crawl without --wait', () => {
  it('prints the crawl ID with a status hint and sends only the settings given, mapped to the API names', async () => {
    const run = await runCli(
      [
        'crawl',
        `${fixture.site.origin}/about`,
        '--max-results',
        '2',
        '--engine',
        'cheerio',
        '--no-include-links',
        '--no-exclude-non-main-tags',
        '--no-dedup',
        '--timeout',
        '5',
        '--extraction',
        'only the headings',
        ...auth(),
      ],
      sandbox,
    );
    expect(run.code).toBe(0);
    const id = crawlIdFrom(run);
    expect(run.stderr).toContain(`Follow it with: trawl status ${id}`);
    const crawl = await trawl.crawls.get(id);
    expect(crawl).toMatchObject({
      startUrls: [`${fixture.site.origin}/about`],
      maxResults: 2,
      engineType: 'cheerio',
      includeLinks: false,
      excludeNonMainTags: false,
      deduplicateContent: false,
      timeout: 5,
      extraction: 'only the headings',
      // Not given, so the server's defaults apply.
      maxDepth: 3,
      useSitemap: false,
      entireWebsite: false,
      useStaticIps: false,
    });
    await trawl.crawls.waitForCompletion(id, { pollIntervalMs: 50 });
  });

  it('maps --sitemap and --entire-website', async () => {
    const sitemap = crawlIdFrom(
      await runCli(['crawl', fixture.startUrl, '--sitemap', '--max-results', '1', ...auth()], sandbox),
    );
    const entire = crawlIdFrom(
      await runCli(['crawl', fixture.startUrl, '--entire-website', '--max-results', '1', ...auth()], sandbox),
    );
    expect(await trawl.crawls.get(sitemap)).toMatchObject({ useSitemap: true, entireWebsite: false });
    expect(await trawl.crawls.get(entire)).toMatchObject({ useSitemap: false, entireWebsite: true });
    await Promise.all(
      [sitemap, entire].map((id) => trawl.crawls.waitForCompletion(id, { pollIntervalMs: 50 })),
    );
  });
});

describe('on a terminal', () => {
  // Escape sequences that set a foreground colour, such as \u001b[36m (cyan).
  const COLOUR = new RegExp(`${'\u001b'}\\[3\\dm`);

  it('shows a live view with a spinner, status, result count and elapsed time, then the outcome', async () => {
    fixture.site.route('/slow-tty', {
      body: '<html><head><title>Slow</title></head><body><main><p>Slow</p></main></body></html>',
      delayMs: 1_500,
    });
    const run = await runInTerminal(
      ['crawl', `${fixture.site.origin}/slow-tty`, '--max-results', '1', '--wait', ...auth()],
      sandbox,
    );
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏].* Crawling .*\/slow-tty/);
    expect(run.output).toMatch(/running.* · 0 results · \ds/);
    expect(run.output).toContain('Ctrl-C stops watching; the crawl keeps running');
    expect(run.output).toMatch(/Crawl [0-9a-f-]{36} .*succeeded.*: 1 result in \ds/);
    expect(run.output).toMatch(COLOUR);
  });

  it('stops watching on a typed Ctrl-C, leaving the crawl running', async () => {
    fixture.site.route('/slow-tty-interrupt', {
      body: '<html><body><main><p>Slow</p></main></body></html>',
      delayMs: 5_000,
    });
    const run = await runInTerminal(
      ['crawl', `${fixture.site.origin}/slow-tty-interrupt`, '--max-results', '1', '--wait', ...auth()],
      sandbox,
      {
        type: { when: /running.* · 0 results/, keys: '\u0003' },
      },
    );
    expect(run.code).toBe(130);
    const id = run.output.match(
      /Stopped watching; crawl ([0-9a-f-]{36}) is still running\. Watch it again with: trawl status \1 --wait/,
    )?.[1];
    expect(id, run.output).toBeDefined();
    expect((await trawl.crawls.get(id!)).status).toBe('running');
    await trawl.crawls.abort(id!);
  });

  it('uses no colours under NO_COLOR', async () => {
    const run = await runInTerminal(
      ['crawl', fixture.startUrl, '--max-results', '2', '--max-depth', '1', '--wait', ...auth()],
      sandbox,
      { env: { NO_COLOR: '1' } },
    );
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/Crawl [0-9a-f-]{36} succeeded: 2 results in \ds/);
    expect(run.output).not.toMatch(COLOUR);
  });
});
