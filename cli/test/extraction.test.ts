// AI extraction from the CLI: `trawl crawl --extraction-schema <file>` against a real API server whose model
// is the local OpenAI-compatible stand-in, the tokens the model used in the summary, `trawl status` and
// per result in `trawl results`, and schema files the CLI cannot use.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  startLlmStandIn,
  startTestServer,
  type ChatRequest,
  type LlmStandIn,
  type TestServer,
} from '@trawl/api/testing';
import { JOURNAL_SITE, mountJournalSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, runCli, type Sandbox } from './cli.js';

const TECH_ONLY = 'Extract only tech blog posts, ignore everything else';
const SCHEMA = {
  type: 'object',
  required: ['topic'],
  properties: { topic: { type: 'string' } },
  additionalProperties: false,
};

let server: TestServer;
let site: FixtureServer;
let llm: LlmStandIn;
let trawl: TrawlClient;
let sandbox: Sandbox;
const auth = (): string[] => ['--api-url', server.url, '--token', server.token];
const crawlCount = async (): Promise<number> => (await trawl.crawls.list({ limit: 1 })).totalResults;

beforeAll(async () => {
  [site, llm] = await Promise.all([
    startFixtureServer(),
    startLlmStandIn((r: ChatRequest) => ({
      json: r.page.text.includes('Category: Tech')
        ? {
            matches: true,
            reason: 'A tech post.',
            content: r.page.text.trim(),
            data: { topic: r.page.title },
          }
        : { matches: false, reason: 'Not a tech post.', content: '', data: null },
    })),
  ]);
  mountJournalSite(site);
  server = await startTestServer({
    env: {
      TRAWL_LLM_BASE_URL: llm.baseUrl,
      TRAWL_LLM_API_KEY: 'sk-test',
      TRAWL_LLM_MODEL: 'stand-in-model',
      TRAWL_LLM_MAX_RETRIES: '0',
    },
  });
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  sandbox = createSandbox();
});
afterAll(async () => {
  await Promise.all([server?.close(), site?.close(), llm?.close()]);
  sandbox?.cleanup();
});

describe('trawl crawl --extraction-schema', () => {
  it('sends the schema file, and shows the tokens used in the summary, trawl status and trawl results', async () => {
    const file = join(sandbox.cwd, 'schema.json');
    writeFileSync(file, JSON.stringify(SCHEMA, null, 2));
    const pages = JOURNAL_SITE.paths.length;
    const run = await runCli(
      [
        'crawl',
        `${site.origin}/`,
        '--engine',
        'cheerio',
        '--max-depth',
        '2',
        '--no-dedup',
        '--extraction',
        TECH_ONLY,
        '--extraction-schema',
        'schema.json',
        '--wait',
        ...auth(),
      ],
      sandbox,
    );
    expect(run.code, run.stderr).toBe(0);
    const id = run.stdout.match(
      new RegExp(
        `^Crawl ([0-9a-f-]{36}) succeeded: 2 results in \\d+s, ${pages * 100} AI extraction tokens\\n$`,
      ),
    )?.[1];
    expect(id, run.stdout).toBeDefined();
    expect(await trawl.crawls.get(id!)).toMatchObject({
      extraction: TECH_ONLY,
      extractionSchema: SCHEMA,
      extractionMethod: 'llm',
      extractionTokens: pages * 100,
    });
    expect(JSON.stringify(llm.requests[0]!.response_format)).toContain('"topic"');

    const status = await runCli(['status', id!, ...auth()], sandbox);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/Extraction method +LLM \(AI model\)\n/);
    expect(status.stdout).toMatch(/Extraction schema +yes \(results carry data\)\n/);
    expect(status.stdout).toMatch(new RegExp(`Extraction tokens +${pages * 100}\\n`));

    const results = await runCli(['results', id!, ...auth()], sandbox);
    expect(results.code).toBe(0);
    expect(results.stdout.match(/^AI extraction: 100 tokens$/gm)).toHaveLength(2);
    const jsonl = await runCli(['results', id!, '--format', 'jsonl', ...auth()], sandbox);
    const parsed = jsonl.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { extractionTokens: number; data: unknown });
    expect(parsed.map((r) => r.extractionTokens)).toEqual([100, 100]);
    for (const r of parsed)
      expect(r.data).toMatchObject({ topic: expect.stringContaining('Northwind Journal') });
  });

  it('shows no tokens for a crawl without an instruction', async () => {
    const run = await runCli(
      ['crawl', `${site.origin}/about`, '--engine', 'cheerio', '--max-results', '1', '--wait', ...auth()],
      sandbox,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/succeeded: 1 result in \d+s\n$/);
    const id = run.stdout.split(' ')[1]!;
    expect((await runCli(['status', id, ...auth()], sandbox)).stdout).not.toContain('Extraction tokens');
    expect((await runCli(['results', id, ...auth()], sandbox)).stdout).not.toContain('AI extraction:');
  });

  const bad: Array<[name: string, content: string | null, message: RegExp]> = [
    [
      'a missing file',
      null,
      /extractionSchema: Cannot read the extraction schema file missing\.json: no such file/,
    ],
    [
      'a file that is not JSON',
      '{ type: object',
      /extractionSchema: The extraction schema file bad\.json is not valid JSON: /,
    ],
    [
      'JSON that is not an object',
      '["type"]',
      /extractionSchema: Extraction schema must be a JSON Schema object/,
    ],
  ];
  it.each(bad)('refuses %s: exit 2 with the reason, no crawl created', async (_name, content, message) => {
    const name = content === null ? 'missing.json' : 'bad.json';
    if (content !== null) writeFileSync(join(sandbox.cwd, name), content);
    const before = await crawlCount();
    const run = await runCli(
      ['crawl', `${site.origin}/`, '--extraction', TECH_ONLY, '--extraction-schema', name, ...auth()],
      sandbox,
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toBe('error: Invalid crawl settings');
    expect(run.stderr).toMatch(message);
    expect(await crawlCount()).toBe(before);
  });

  it('passes the server’s refusal of a schema that is not a valid JSON Schema', async () => {
    writeFileSync(join(sandbox.cwd, 'nonsense.json'), JSON.stringify({ type: 'nonsense' }));
    const run = await runCli(
      [
        'crawl',
        `${site.origin}/`,
        '--extraction',
        TECH_ONLY,
        '--extraction-schema',
        'nonsense.json',
        ...auth(),
      ],
      sandbox,
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/Extraction schema is not a valid JSON Schema/);
  });
});
