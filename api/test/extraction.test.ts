import {
  JOURNAL_SITE,
  mountJournalSite,
  startFixtureServer,
  type FixtureResponse,
  type FixtureServer,
} from '@trawl/fixtures';
import { createTrawlClient, type Crawl, type CrawlLog, type CrawlResult, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { startLlmStandIn, type ChatRequest, type LlmStandIn, type StandInAnswer } from './llm-stand-in.js';

// AI extraction through the API: the offline relevance extractor on the journal fixture, and the model
// path against a local OpenAI-compatible stand-in (the real `openai` client over HTTP).

const TECH_ONLY = 'Extract only tech blog posts, ignore everything else';
const techPosts = JOURNAL_SITE.posts.filter((p) => p.category === 'Tech');
const otherPaths = JOURNAL_SITE.paths.filter((p) => !techPosts.some((t) => t.path === p));
const path = (url: string) => new URL(url).pathname;

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer();
  mountJournalSite(site);
  // A long tech post: longer than the stand-in model's context, so it is split.
  const long = Array.from(
    { length: 24 },
    (_, i) =>
      `<p>Part ${i + 1}: ${'Tokio schedules futures cooperatively across worker threads. '.repeat(4)}</p>`,
  ).join('');
  site.route('/blog/tech/long-read', {
    body: `<!doctype html><html><head><title>A long read</title></head><body><main><article><h1>A long read</h1><p>Category: Tech</p>${long}</article></main></body></html>`,
  });
});
afterAll(async () => {
  await site?.close();
});

async function crawlToEnd(
  trawl: TrawlClient,
  settings: Partial<Parameters<TrawlClient['crawls']['start']>[0]> = {},
): Promise<{ crawl: Crawl; results: CrawlResult[]; logs: CrawlLog[] }> {
  const started = await trawl.crawls.start({
    startUrl: `${site.origin}/`,
    maxResults: 20,
    maxDepth: 2,
    deduplicateContent: false,
    engineType: 'cheerio',
    extraction: TECH_ONLY,
    ...settings,
  });
  const crawl = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
  const results: CrawlResult[] = [];
  for await (const r of trawl.crawls.results(crawl.id)) results.push(r);
  const logs: CrawlLog[] = [];
  for await (const l of trawl.crawls.logs(crawl.id)) logs.push(l);
  return { crawl, results, logs };
}

const skippedByExtraction = (logs: CrawlLog[]) =>
  logs
    .filter((l) => l.message.startsWith('Skipped ') && l.message.endsWith(' by extraction'))
    .map((l) => path(l.message.split(' ')[1]!))
    .sort();

describe('the offline relevance extractor', () => {
  let server: TestServer;
  let trawl: TrawlClient;
  beforeAll(async () => {
    server = await startTestServer();
    trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps exactly the tech posts, whole, and says every other page was skipped and why', async () => {
    const { crawl, results, logs } = await crawlToEnd(trawl);
    expect(crawl).toMatchObject({
      status: 'succeeded',
      extraction: TECH_ONLY,
      extractionMethod: 'relevance',
      extractionTokens: 0,
      numberOfResults: 2,
    });
    expect(results.map((r) => path(r.url)).sort()).toEqual(techPosts.map((p) => p.path).sort());
    for (const result of results) {
      const post = techPosts.find((p) => p.path === path(result.url))!;
      expect(result.markdown).toBe(JOURNAL_SITE.markdown(post));
      expect(result).toMatchObject({ data: null, extractionTokens: 0 });
    }
    expect(skippedByExtraction(logs)).toEqual([...otherPaths].sort());
    const travel = logs.find((l) => l.message === `Skipped ${site.origin}/blog/travel/lisbon by extraction`);
    expect(travel?.description).toMatch(/“tech” is not in the URL, title or headings/);
    expect(logs[0]!.description).toContain(`extraction (relevance): ${TECH_ONLY}`);
  });

  it('keeps only the section an instruction names, and honours what it says to ignore', async () => {
    const { results: about } = await crawlToEnd(trawl, {
      startUrl: `${site.origin}/`,
      maxDepth: 1,
      extraction: 'Extract the latest posts section',
    });
    const home = about.find((r) => path(r.url) === '/');
    // The section runs from its heading to the next heading of its level or higher (here, the page's end).
    expect(home?.markdown).toBe(
      [
        '## Latest posts',
        JOURNAL_SITE.posts.map((p) => `- [${p.title}](${site.origin}${p.path})`).join('\n'),
        'New posts appear every other Friday; the archive goes back to our first winter.',
      ].join('\n\n'),
    );
    expect(about.map((r) => path(r.url))).toEqual(['/']);
    const { results } = await crawlToEnd(trawl, {
      extraction: 'Extract blog posts in the tech and travel categories, except Kyoto',
    });
    expect(results.map((r) => path(r.url)).sort()).toEqual(
      ['/blog/tech/async-rust', '/blog/tech/postgres-indexes', '/blog/travel/lisbon'].sort(),
    );
  });

  it('leaves crawls without an instruction alone', async () => {
    const { crawl, results } = await crawlToEnd(trawl, { extraction: null });
    expect(crawl).toMatchObject({ extractionMethod: null, numberOfResults: JOURNAL_SITE.paths.length });
    expect(results.every((r) => r.extractionTokens === null)).toBe(true);
  });
});

describe('a model behind an OpenAI-compatible endpoint', () => {
  let server: TestServer;
  let trawl: TrawlClient;
  let llm: LlmStandIn;
  const isTech = (r: ChatRequest) => r.page.text.includes('Category: Tech');
  const decide = (r: ChatRequest): StandInAnswer => ({
    json: isTech(r)
      ? { matches: true, reason: 'A tech post.', content: r.page.text.trim(), data: null }
      : { matches: false, reason: 'Not a tech post.', content: '', data: null },
  });

  beforeAll(async () => {
    llm = await startLlmStandIn(decide);
    server = await startTestServer({
      env: {
        TRAWL_LLM_BASE_URL: llm.baseUrl,
        TRAWL_LLM_API_KEY: 'sk-test',
        TRAWL_LLM_MODEL: 'stand-in-model',
        TRAWL_LLM_TIMEOUT_MS: '1000',
        TRAWL_LLM_MAX_RETRIES: '1',
        TRAWL_LLM_CONTEXT_TOKENS: '1024',
      },
    });
    trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  });
  beforeEach(() => {
    llm.answer = decide;
    llm.requests.length = 0;
  });
  afterAll(async () => {
    await Promise.all([server?.close(), llm?.close()]);
  });

  it('stores the matching pages with the model’s content and counts the tokens of every page', async () => {
    const { crawl, results, logs } = await crawlToEnd(trawl);
    expect(crawl).toMatchObject({ status: 'succeeded', extractionMethod: 'llm', numberOfResults: 2 });
    expect(results.map((r) => path(r.url)).sort()).toEqual(techPosts.map((p) => p.path).sort());
    for (const r of results) {
      expect(r.markdown).toBe(JOURNAL_SITE.markdown(techPosts.find((p) => p.path === path(r.url))!));
      expect(r.extractionTokens).toBe(100);
    }
    // Each page asked once, with structured output and the instruction.
    expect(llm.requests.map((r) => path(r.page.url)).sort()).toEqual([...JOURNAL_SITE.paths].sort());
    expect(crawl.extractionTokens).toBe(100 * JOURNAL_SITE.paths.length);
    const first = llm.requests[0]!;
    expect(first.model).toBe('stand-in-model');
    expect(first.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'page_extraction' },
    });
    expect(first.messages.find((m) => m.role === 'user')?.content).toContain(`Instruction: ${TECH_ONLY}`);
    expect(skippedByExtraction(logs)).toEqual([...otherPaths].sort());
    expect(logs.find((l) => l.message.includes('/about by extraction'))?.description).toBe(
      'Not a tech post.',
    );
  });

  it('validates data against the schema: a valid answer is stored with it, an invalid one is a failed page', async () => {
    const schema = {
      type: 'object',
      required: ['topic', 'minutes'],
      properties: { topic: { type: 'string' }, minutes: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    };
    llm.answer = (r) => {
      if (!isTech(r)) return decide(r);
      const rust = r.page.url.endsWith('/async-rust');
      return {
        json: {
          matches: true,
          reason: 'A tech post.',
          content: r.page.text.trim(),
          data: rust ? { topic: 'Rust', minutes: 4 } : { topic: 'Postgres', minutes: 'five' },
        },
      };
    };
    const { crawl, results, logs } = await crawlToEnd(trawl, { extractionSchema: schema });
    expect(crawl).toMatchObject({ status: 'succeeded', extractionSchema: schema, numberOfResults: 1 });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ data: { topic: 'Rust', minutes: 4 } });
    expect(path(results[0]!.url)).toBe('/blog/tech/async-rust');
    const failed = logs.find(
      (l) => l.message === `Extraction failed for ${site.origin}/blog/tech/postgres-indexes`,
    );
    expect(failed?.level).toBe('warn');
    expect(failed?.description).toContain('/minutes must be integer');
    // The schema reaches the model as part of the response format.
    expect(JSON.stringify(llm.requests[0]!.response_format)).toContain('"minutes"');

    const csv = await (
      await fetch(`${server.url}/crawls/${crawl.id}/crawl-results/csv`, {
        headers: { authorization: `Bearer ${server.token}` },
      })
    ).text();
    expect(csv.split('\r\n')[1]).toMatch(/,"{""topic"":""Rust"",""minutes"":4}",100$/);
  });

  it('does not ask the model again about a page the recrawl finds not modified, and keeps its data', async () => {
    const etag = '"validated-v1"';
    let answered304 = 0;
    site.route('/blog/tech/validated', (req): FixtureResponse => {
      if (req.headers['if-none-match'] === etag) {
        answered304++;
        return { status: 304, headers: { etag } };
      }
      return {
        headers: { 'content-type': 'text/html; charset=utf-8', etag },
        body: '<!doctype html><html><head><title>Validated</title></head><body><main><article><h1>Validated</h1><p>Category: Tech</p><p>Conditional requests save everyone work.</p></article></main></body></html>',
      };
    });
    const schema = { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] };
    llm.answer = (r) => ({
      json: { matches: true, reason: 'A tech post.', content: r.page.text.trim(), data: { topic: 'HTTP' } },
    });
    const first = await crawlToEnd(trawl, {
      startUrl: `${site.origin}/blog/tech/validated`,
      maxResults: 1,
      extractionSchema: schema,
    });
    expect(first.results).toHaveLength(1);
    expect(llm.requests).toHaveLength(1);
    llm.requests.length = 0;

    const again = await trawl.crawls.recrawl(first.crawl.id);
    const second = await trawl.crawls.waitForCompletion(again.id, { pollIntervalMs: 50 });
    const results: CrawlResult[] = [];
    for await (const r of trawl.crawls.results(second.id)) results.push(r);
    expect(answered304).toBe(1);
    expect(llm.requests).toHaveLength(0);
    expect(second).toMatchObject({
      status: 'succeeded',
      extractionTokens: 0,
      changes: { new: 0, changed: 0, unchanged: 1, removed: 0 },
    });
    expect(results[0]).toMatchObject({
      changeStatus: 'unchanged',
      markdown: first.results[0]!.markdown,
      data: { topic: 'HTTP' },
      extractionTokens: 0,
    });

    // Another instruction is another extraction: the page is fetched and asked about again.
    const other = await trawl.crawls.start({
      startUrl: `${site.origin}/blog/tech/validated`,
      maxResults: 1,
      deduplicateContent: false,
      engineType: 'cheerio',
      extraction: 'Extract the HTTP advice',
      extractionSchema: schema,
      compareWith: first.crawl.id,
    });
    await trawl.crawls.waitForCompletion(other.id, { pollIntervalMs: 50 });
    expect(answered304).toBe(1);
    expect(llm.requests).toHaveLength(1);
  });

  it('refuses an invalid schema with a 400 naming the problem', async () => {
    const response = await fetch(`${server.url}/crawls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        startUrl: `${site.origin}/`,
        extraction: TECH_ONLY,
        extractionSchema: { type: 'nonsense' },
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      code: string;
      details: Array<{ path: string; message: string }>;
    };
    expect(body.details[0]).toMatchObject({ path: 'extractionSchema' });
    expect(body.details[0]!.message).toMatch(/^Extraction schema is not a valid JSON Schema: .*type/);
    const notObject = await fetch(`${server.url}/crawls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ startUrl: `${site.origin}/`, extractionSchema: 'a string' }),
    });
    expect(notObject.status).toBe(400);
    expect(JSON.stringify(await notObject.json())).toContain(
      'Extraction schema must be a JSON Schema object',
    );
  });

  it('retries a 429 and then succeeds', async () => {
    let limited = 0;
    llm.answer = (r) =>
      limited++ < 1
        ? {
            status: 429,
            headers: { 'retry-after-ms': '20' },
            body: { error: { message: 'Rate limit reached' } },
          }
        : decide(r);
    const { crawl, logs } = await crawlToEnd(trawl);
    expect(crawl).toMatchObject({ status: 'succeeded', numberOfResults: 2 });
    expect(llm.requests).toHaveLength(JOURNAL_SITE.paths.length + 1);
    expect(logs.some((l) => l.message.startsWith('Extraction failed'))).toBe(false);
  });

  it('fails the crawl with its reason when the model answers 500 page after page', async () => {
    llm.answer = () => ({ status: 500, body: { error: { message: 'The model is down' } } });
    const { crawl, results, logs } = await crawlToEnd(trawl);
    expect(crawl).toMatchObject({ status: 'failed', numberOfResults: 0 });
    expect(results).toHaveLength(0);
    const last = logs.at(-1)!;
    expect(last).toMatchObject({ level: 'error', message: 'Crawl failed' });
    expect(last.description).toMatch(
      /^Extraction failed for \d+ pages in a row; the last error: 500 .*The model is down/,
    );
    // Each page was tried twice (one retry), never more.
    expect(llm.requests.length).toBeLessThanOrEqual(2 * JOURNAL_SITE.paths.length);
  });

  it('gives up on a page whose answer never comes, and one whose answer is not JSON, and goes on', async () => {
    llm.answer = (r) => {
      if (r.page.url.endsWith('/async-rust')) return { delayMs: 5000, then: decide(r) };
      if (r.page.url.endsWith('/postgres-indexes'))
        return { content: 'Sure! Here is the JSON: {matches: yes' };
      return decide(r);
    };
    const { crawl, logs } = await crawlToEnd(trawl);
    expect(crawl).toMatchObject({ status: 'succeeded', numberOfResults: 0 });
    const failure = (p: string) => logs.find((l) => l.message === `Extraction failed for ${site.origin}${p}`);
    expect(failure('/blog/tech/async-rust')?.description).toMatch(/timed out/i);
    expect(failure('/blog/tech/postgres-indexes')?.description).toMatch(/not JSON/);
  });

  it('splits a page longer than the model’s context, says so, and merges the parts’ answers', async () => {
    const { crawl, results, logs } = await crawlToEnd(trawl, {
      startUrl: `${site.origin}/blog/tech/long-read`,
      maxResults: 1,
    });
    const parts = llm.requests.length;
    expect(parts).toBeGreaterThan(1);
    expect(llm.requests.every((r) => r.page.text.length <= 2000)).toBe(true);
    expect(
      logs.some(
        (l) => l.message === `Split ${site.origin}/blog/tech/long-read into ${parts} parts for extraction`,
      ),
    ).toBe(true);
    // Parts after the first lack the "Category: Tech" line, so this stand-in says they do not match: only
    // the first part's content is kept, never cut silently.
    expect(crawl).toMatchObject({ status: 'succeeded', numberOfResults: 1, extractionTokens: 100 * parts });
    expect(results[0]!.markdown).toContain('Part 1:');
    expect(results[0]!.extractionTokens).toBe(100 * parts);
  });
});
