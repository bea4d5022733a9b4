// AI extraction survives a crash: the built server runs as a child process with a model (the local
// OpenAI-compatible stand-in), is killed with SIGKILL while pages wait for the model's answers, and a new
// process on the same data folder or database finishes the crawl. No page is answered (paid) twice: answers
// given before the crash come from the crawl's extraction ledger; only questions left unanswered are asked again.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { page, prose, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type CrawlResult, type TrawlClient } from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killChild, startChildServer, type ChildServer } from './child-server.js';
import { createTestDatabaseUrl } from './harness.js';
import { startLlmStandIn, type ChatRequest, type LlmStandIn, type StandInAnswer } from './llm-stand-in.js';

const PAGES = 24;
/** Questions the model answers before the crash; the ones after wait until the process is killed. */
const ANSWERED_BEFORE = 6;

const children: ChildServer[] = [];
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let site: FixtureServer;
let llm: LlmStandIn;
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => (openGate = resolve));

const pathOf = (i: number): string => (i === 0 ? '/' : `/page/${i}`);
/** Every third page is a tech post; the instruction keeps those alone. */
const isTechPage = (i: number): boolean => i % 3 === 0;
const path = (url: string) => new URL(url).pathname;

/** A binary tree of pages (page i links to 2i+1 and 2i+2). */
function mountTreeSite(server: FixtureServer): void {
  for (let i = 0; i < PAGES; i++) {
    const links = [2 * i + 1, 2 * i + 2]
      .filter((n) => n < PAGES)
      .map((n) => `<li><a href="${pathOf(n)}">Page ${n}</a></li>`);
    const category = isTechPage(i) ? 'Tech' : 'Travel';
    const main = `<h1>Page ${i}</h1><p>Category: ${category}</p><p>${prose(i + 1, 40)}</p><ul>${links.join('')}</ul>`;
    server.route(pathOf(i), { body: page({ title: `Page ${i}`, main }) });
  }
}

const decide = (r: ChatRequest): StandInAnswer => ({
  json: r.page.text.includes('Category: Tech')
    ? { matches: true, reason: 'A tech page.', content: r.page.text.trim(), data: null }
    : { matches: false, reason: 'Not a tech page.', content: '', data: null },
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'trawl-extraction-resume-'));
  [database, site, llm] = await Promise.all([
    createTestDatabaseUrl(),
    startFixtureServer(),
    startLlmStandIn((r, index) => (index < ANSWERED_BEFORE ? decide(r) : { after: gate, then: decide(r) })),
  ]);
  mountTreeSite(site);
});
afterAll(async () => {
  openGate();
  await Promise.all(children.map((c) => killChild(c.child)));
  await Promise.all([site?.close(), llm?.close()]);
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ChildServer> {
  const server = await startChildServer({
    dataDir,
    databaseUrl: database?.url,
    env: {
      TRAWL_CRAWL_CONCURRENCY: '4',
      TRAWL_CRAWL_BATCH_SIZE: '4',
      TRAWL_PARSE_WORKERS: '1',
      TRAWL_LLM_BASE_URL: llm.baseUrl,
      TRAWL_LLM_API_KEY: 'sk-test',
      TRAWL_LLM_MODEL: 'stand-in-model',
      TRAWL_LLM_TIMEOUT_MS: '60000',
      TRAWL_LLM_MAX_RETRIES: '0',
    },
  });
  children.push(server);
  return server;
}

async function allResults(trawl: TrawlClient, id: string): Promise<CrawlResult[]> {
  const results: CrawlResult[] = [];
  for await (const result of trawl.crawls.results(id, { pageSize: 25 })) results.push(result);
  return results;
}

describe('AI extraction, crash and resume', () => {
  it(
    'finishes after SIGKILL mid-extraction with exactly the matching pages, no page answered twice',
    { timeout: 90_000 },
    async () => {
      const first = await start();
      const { token } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
        token: string;
      };
      let trawl = createTrawlClient({ baseUrl: first.url, token });
      const crawl = await trawl.crawls.start({
        startUrl: `${site.origin}/`,
        maxResults: 1000,
        maxDepth: 10,
        deduplicateContent: false,
        engineType: 'cheerio',
        extraction: 'Extract only tech pages, ignore everything else',
      });
      expect(crawl.extractionMethod).toBe('llm');

      // Mid-extraction: the answers given so far are in the ledger (their tokens counted on the crawl), and
      // more questions wait for an answer the crash will cut off.
      await expect
        .poll(
          async () =>
            (await trawl.crawls.get(crawl.id)).extractionTokens === 100 * ANSWERED_BEFORE &&
            llm.requests.length > ANSWERED_BEFORE,
          { timeout: 30_000, interval: 25 },
        )
        .toBe(true);
      const before = await trawl.crawls.get(crawl.id);
      const askedBefore = llm.requests.length;
      const answeredBefore = llm.answered.map((r) => path(r.page.url));
      const unanswered = llm.requests.slice(ANSWERED_BEFORE).map((r) => path(r.page.url));
      // Pages whose batch was stored: as results, or as log lines saying extraction skipped them.
      const stored = new Set((await allResults(trawl, crawl.id)).map((r) => path(r.url)));
      for await (const log of trawl.crawls.logs(crawl.id))
        if (log.message.endsWith(' by extraction')) stored.add(path(log.message.split(' ')[1]!));
      await killChild(first.child);
      // The cut-off questions' connections are closed before the gate opens, so none of them is answered.
      await expect.poll(() => llm.connections()).toBe(0);
      openGate();

      expect(before.status).toBe('running');
      expect(before.numberOfResults).toBeLessThan(PAGES);
      expect(answeredBefore).toHaveLength(ANSWERED_BEFORE);
      expect(unanswered.length).toBeGreaterThan(0);
      // Some answered pages wait in a batch the crash cuts off: only the ledger keeps their answers.
      expect(answeredBefore.filter((p) => !stored.has(p)).length, [...stored].join(' ')).toBeGreaterThan(0);

      const second = await start();
      trawl = createTrawlClient({ baseUrl: second.url, token });
      const done = await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 100 });
      const results = await allResults(trawl, crawl.id);

      const tech = Array.from({ length: PAGES }, (_, i) => i).filter(isTechPage);
      expect(done, second.output()).toMatchObject({
        status: 'succeeded',
        extractionMethod: 'llm',
        numberOfResults: tech.length,
        // Every page paid once.
        extractionTokens: 100 * PAGES,
      });
      expect(results.map((r) => path(r.url)).sort()).toEqual(tech.map(pathOf).sort());
      expect(results.map((r) => r.position)).toEqual(Array.from({ length: tech.length }, (_, i) => i + 1));
      for (const result of results) {
        const i = Number(result.title.replace('Page ', ''));
        expect(result.markdown).toContain('Category: Tech');
        expect(result.markdown).toContain(prose(i + 1, 40));
        expect(result.extractionTokens).toBe(100);
      }

      // Each page answered exactly once; a page is asked again only if its question was cut off by the kill.
      const answeredPaths = llm.answered.map((r) => path(r.page.url)).sort();
      expect(answeredPaths).toEqual(Array.from({ length: PAGES }, (_, i) => pathOf(i)).sort());
      const askedAfter = llm.requests.slice(askedBefore).map((r) => path(r.page.url));
      for (const p of answeredBefore) expect(askedAfter).not.toContain(p);
      const askedTwice = llm.requests
        .map((r) => path(r.page.url))
        .filter((p, i, all) => all.indexOf(p) !== i)
        .sort();
      for (const p of askedTwice) expect(unanswered).toContain(p);
      expect(new Set(llm.requests.map((r) => path(r.page.url))).size).toBe(PAGES);
      expect(llm.requests.length).toBeLessThanOrEqual(PAGES + unanswered.length);
    },
  );
});
