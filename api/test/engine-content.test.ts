import {
  CONTENT_SITE,
  CONTENT_TEXT,
  mountContentSite,
  startFixtureServer,
  type FixtureServer,
} from '@trawl/fixtures';
import {
  createTrawlClient,
  type CrawlLog,
  type CrawlResult,
  type StartCrawlRequest,
  type TrawlClient,
} from '@trawl/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

// Main content through the API: the structure markdown keeps, and never a stored page without content,
// with Remove duplicate content on and off.
let server: TestServer;
let trawl: TrawlClient;
let site: FixtureServer;

beforeAll(async () => {
  [server, site] = await Promise.all([startTestServer(), startFixtureServer()]);
  mountContentSite(site);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
});
afterAll(async () => {
  await server?.close();
  await site?.close();
});

async function crawl(settings: Partial<StartCrawlRequest>) {
  const started = await trawl.crawls.start({
    startUrl: `${site.origin}/`,
    maxResults: 50,
    engineType: 'cheerio',
    ...settings,
  });
  const done = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
  const results: CrawlResult[] = [];
  for await (const r of trawl.crawls.results(done.id)) results.push(r);
  const logs: CrawlLog[] = [];
  for await (const l of trawl.crawls.logs(done.id)) logs.push(l);
  const byPath = (path: string) => results.find((r) => new URL(r.url).pathname === path);
  return { crawl: done, results, logs, byPath };
}

for (const deduplicateContent of [true, false]) {
  describe(`main content, Remove duplicate content ${deduplicateContent ? 'on' : 'off'}`, () => {
    let run: Awaited<ReturnType<typeof crawl>>;
    beforeAll(async () => {
      run = await crawl({ deduplicateContent });
    }, 60_000);

    it('stores no page without content, and skips the blank page with a log line but follows its link', () => {
      expect(run.crawl.status).toBe('succeeded');
      for (const r of run.results) expect(r.markdown).toMatch(/[\p{L}\p{N}]|!\[/u);
      expect(run.byPath(CONTENT_SITE.blank)).toBeUndefined();
      expect(run.logs).toContainEqual(
        expect.objectContaining({
          message: `Skipped ${site.origin}${CONTENT_SITE.blank}`,
          description: 'No content: the page has no text or images.',
        }),
      );
      expect(run.byPath(CONTENT_SITE.behindBlank)?.markdown).toContain(CONTENT_TEXT.behindBlank);
    });

    it('finds the story of every page laid out inside a <form>', () => {
      for (const [i, path] of CONTENT_SITE.formLayouts.entries()) {
        const markdown = run.byPath(path)?.markdown ?? '';
        expect(markdown).toContain(`# Form layout story ${i + 1}`);
        expect(markdown).toContain(`Story ${i + 1}: ${CONTENT_TEXT.paragraphs[2]}`);
      }
    });

    it('keeps the article with its structure and without the boilerplate around it', () => {
      const article = run.byPath(CONTENT_SITE.article)!;
      expect(article.title).toBe('Port handles record autumn | Harbour Times');
      expect(article.markdown).toContain(`## ${CONTENT_TEXT.heading}`);
      expect(article.markdown).toContain('| Month | Containers |\n| --- | --- |');
      expect(article.markdown).toContain(`\`\`\`\n${CONTENT_TEXT.code}\n\`\`\``);
      for (const text of CONTENT_TEXT.boilerplate) expect(article.markdown).not.toContain(text);
      expect(run.byPath(CONTENT_SITE.rtl)?.markdown).toContain(CONTENT_TEXT.rtl);
      expect(run.byPath(CONTENT_SITE.imageOnly)?.markdown).toBe(`![](${site.origin}/images/chart.png)`);
    });

    it(
      deduplicateContent
        ? 'does not store a page whose every block the crawl already has, and says so'
        : 'stores a page whose every block another page has',
      () => {
        const second = `${site.origin}${CONTENT_SITE.repeats[1]}`;
        const skipped = run.logs.find((l) => l.message === `Skipped duplicate ${second}`);
        if (deduplicateContent) {
          expect(run.byPath(CONTENT_SITE.repeats[1])).toBeUndefined();
          expect(skipped?.description).toBe('Everything on it is already on other pages of this crawl.');
        } else {
          expect(run.byPath(CONTENT_SITE.repeats[1])?.markdown).toContain(CONTENT_TEXT.repeated[1]);
          expect(skipped).toBeUndefined();
        }
        expect(run.byPath(CONTENT_SITE.repeats[0])?.markdown).toContain(CONTENT_TEXT.repeated[1]);
      },
    );
  });
}

describe('main content, other settings', () => {
  it('falls back to the whole body, with its log line, when the main content is only an image', async () => {
    const run = await crawl({
      startUrl: `${site.origin}${CONTENT_SITE.imageOnly}`,
      maxResults: 1,
      includeLinks: false,
    });
    expect(run.results).toHaveLength(1);
    expect(run.results[0]!.markdown).toContain('Harbour Times');
    expect(run.logs).toContainEqual(
      expect.objectContaining({
        message: `No main content found on ${site.origin}${CONTENT_SITE.imageOnly}`,
      }),
    );
  });

  it('goes on from a start page without content to the pages it links to', async () => {
    const run = await crawl({ startUrl: `${site.origin}${CONTENT_SITE.blank}`, maxResults: 1 });
    expect(run.crawl.status).toBe('succeeded');
    expect(run.results.map((r) => new URL(r.url).pathname)).toEqual([CONTENT_SITE.behindBlank]);
  });

  it('logs a page too dense to parse and goes on, the server unharmed', async () => {
    // 5 MiB of dense markup (the largest page the crawler takes) needs more memory than a parse worker has.
    const cell = (i: number) => `<p><a href="#c${i}">${i}</a><em>e</em><b>b</b></p>`;
    const parts: string[] = [];
    for (let i = 0, size = 0; size < 5 * 1024 * 1024 - 200; i++) {
      parts.push(cell(i));
      size += parts.at(-1)!.length;
    }
    site.route('/dense', {
      body: `<html><head><title>Dense</title></head><body><main>${parts.join('')}</main></body></html>`,
    });
    site.route('/dense-index', {
      body: '<html><head><title>Index</title></head><body><main><h1>Index</h1><p>The dense page is <a href="/dense">here</a>.</p></main></body></html>',
    });
    const run = await crawl({ startUrl: `${site.origin}/dense-index`, maxResults: 5, maxDepth: 1 });
    expect(run.crawl.status).toBe('succeeded');
    expect(run.results.map((r) => new URL(r.url).pathname)).toEqual(['/dense-index']);
    expect(run.logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: `Failed to parse ${site.origin}/dense`,
        description: 'Parsing failed: the page needs more than the 192 MB of memory a parse worker has',
      }),
    );
    expect(await trawl.isHealthy()).toBe(true);
  }, 180_000);
});
