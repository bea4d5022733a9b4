// `trawl results` in every format, to stdout and to files.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type CrawlResult, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, createSandbox, runCli, type Sandbox } from './cli.js';

let server: TestServer;
let fixture: DocsFixture;
let trawl: TrawlClient;
let sandbox: Sandbox;
let crawlId: string;
let expected: CrawlResult[];
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];

beforeAll(async () => {
  [server, fixture] = await Promise.all([startTestServer(), startDocsFixture()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
  const crawl = await trawl.crawls.start({ startUrl: fixture.startUrl, maxResults: 5, maxDepth: 1 });
  crawlId = (await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 })).id;
  expected = [];
  for await (const result of trawl.crawls.results(crawlId)) expected.push(result);
  expect(expected).toHaveLength(5);
});
afterAll(async () => {
  await Promise.all([server?.close(), fixture?.close()]);
  sandbox?.cleanup();
});

describe('trawl results', () => {
  it('writes markdown by default: "# title", blank line, URL, blank line, markdown; pages separated by ---', async () => {
    const run = await runCli(['results', crawlId, ...auth()], sandbox);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const pages = run.stdout.split('\n\n---\n\n');
    expect(pages).toHaveLength(5);
    pages.forEach((page, i) => {
      const result = expected[i]!;
      expect(page.startsWith(`# ${result.title}\n\n${result.url}\n\n${result.markdown.trim()}`)).toBe(true);
      expect(result.title).toBe(fixture.docs.byPath(new URL(result.url).pathname).title);
    });
    expect(run.stdout.endsWith('\n')).toBe(true);
  });

  it('writes one JSON array with --format json, and the same by default under --json', async () => {
    const run = await runCli(['results', crawlId, '--format', 'json', ...auth()], sandbox);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expected);
    const json = await runCli(['results', crawlId, '--json', ...auth()], sandbox);
    expect(JSON.parse(json.stdout)).toEqual(expected);
  });

  it('writes the API CSV to a file with --output, with a summary on stderr and nothing on stdout', async () => {
    const file = join(sandbox.root, 'results.csv');
    writeFileSync(file, 'old content that must be replaced');
    const run = await runCli(['results', crawlId, '--format', 'csv', '--output', file, ...auth()], sandbox);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const csv = readFileSync(file, 'utf8');
    expect(csv).toBe(await trawl.crawls.downloadCsv(crawlId));
    expect(csv.split('\r\n')[0]).toBe(
      'position,url,title,markdown,duplicatesRemovedCount,createdAt,data,extractionTokens',
    );
    expect(csv.match(/\r\n\d+,http/g)).toHaveLength(5);
    expect(run.stderr).toBe(
      `Wrote 5 results of crawl ${crawlId} to ${file} (csv, ${Buffer.byteLength(csv)} bytes)\n`,
    );
    // The temporary file it wrote through is gone.
    expect(readdirSync(sandbox.root).filter((name) => name.includes('partial'))).toEqual([]);
  });

  it('writes jsonl to a file and reports it as JSON under --json', async () => {
    const file = join(sandbox.root, 'out.jsonl');
    const run = await runCli(
      ['results', crawlId, '--format', 'jsonl', '-o', file, '--json', ...auth()],
      sandbox,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ crawlId, format: 'jsonl', results: 5, output: file });
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(expected);
  });

  it('creates no file when the crawl does not exist', async () => {
    const file = join(sandbox.root, 'missing.md');
    const run = await runCli(['results', 'no-such-crawl', '--output', file, ...auth()], sandbox);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: Crawl no-such-crawl not found\n');
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(sandbox.root).filter((name) => name.includes('partial'))).toEqual([]);
  });

  it('names the file when it cannot be written', async () => {
    const file = join(sandbox.root, 'no-such-folder', 'out.md');
    const run = await runCli(['results', crawlId, '--output', file, ...auth()], sandbox);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: Could not write ${file}: ENOENT: no such file or directory\n`);
  });

  it('stops quietly when stdout is closed early (| head)', async () => {
    // `true` exits at once, so every write meets a closed pipe.
    const script = `"${process.execPath}" "${CLI}" results ${crawlId} --format jsonl --api-url ${server.url} --token ${server.token} | true; echo "exit=\${PIPESTATUS[0]}"`;
    const child = spawn('bash', ['-c', script], { cwd: sandbox.cwd, env: sandbox.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(stdout).toBe('exit=0\n');
  });
  it('writes only the matches of --search, most relevant first, with their snippets', async () => {
    const word = 'tutorial';
    const { crawlResults, total } = await trawl.crawls.searchResults(crawlId, word);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(5);
    const run = await runCli(['results', crawlId, '--search', word, '--format', 'jsonl', ...auth()], sandbox);
    expect(run.code).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; snippet: unknown[] });
    expect(lines.map((l) => l.id)).toEqual(crawlResults.map((r) => r.id));
    // Stemmed: "tutorial" finds the page titled "Section tutorials", first.
    expect(crawlResults[0]!.title).toBe('Section tutorials');
    expect(lines.every((l) => Array.isArray(l.snippet))).toBe(true);
    const none = await runCli(['results', crawlId, '--search', 'xylophonequartz', ...auth()], sandbox);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
  });

  it('refuses a blank --search, and --search with csv, as usage errors', async () => {
    const blank = await runCli(['results', crawlId, '--search', '  ', ...auth()], sandbox);
    expect(blank.code).toBe(2);
    expect(blank.stderr).toMatch(/--search needs words/);
    const csv = await runCli(['results', crawlId, '--search', 'docs', '--format', 'csv', ...auth()], sandbox);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toMatch(/cannot be combined/);
  });
});
