// AI extraction on the result page, in real Chromium against the real server: the note that results were
// extracted, and which extractor ran.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestServer } from '@trawl/api/testing';
import { startLlmStandIn, type LlmStandIn } from '@trawl/api/testing/llm';
import { JOURNAL_SITE, mountJournalSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient } from '@trawl/sdk';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  launchBrowser,
  newPage,
  pageErrors,
  signInContext,
  startConsoleServer,
} from './support';

let server: TestServer;
let site: FixtureServer;
let browser: Browser;

beforeAll(async () => {
  [server, site, browser] = await Promise.all([startConsoleServer(), startFixtureServer(), launchBrowser()]);
  mountJournalSite(site);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), site?.close()]);
});

describe('the result page of an extracted crawl', () => {
  it('says the results were extracted with AI, and by which method', { timeout: 120_000 }, async () => {
    const account = await createAccount(server);
    const { token } = await account.trawl.tokens.create({ name: 'script' });
    const trawl = createTrawlClient({ baseUrl: server.url, token });
    const started = await trawl.crawls.start({
      startUrl: `${site.origin}/`,
      maxResults: 10,
      maxDepth: 2,
      deduplicateContent: false,
      engineType: 'cheerio',
      extraction: 'Extract only tech blog posts, ignore everything else',
    });
    const crawl = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
    expect(crawl).toMatchObject({ status: 'succeeded', numberOfResults: 2, extractionMethod: 'relevance' });

    const { context, page } = await newPage(browser);
    await signInContext(context, server, account);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/crawl-result/${crawl.id}`);
    await page.getByText('Showing 1-2 of 2 results (Extracted with AI)').waitFor();
    await page.getByText('Method: relevance (offline, no model)').waitFor();
    // A card's title is the page's <title> ("<post> | Northwind Journal"), not the post's heading.
    const cards = page.getByRole('article');
    for (const post of JOURNAL_SITE.posts.filter((p) => p.category === 'Tech'))
      await cards.getByRole('heading', { name: `${post.title} | Northwind Journal`, exact: true }).waitFor();
    expect(await cards.count()).toBe(2);
    // The preview leaves out the post's heading, which only repeats the title.
    expect(await cards.first().locator('.result-card__markdown').textContent()).toMatch(/^Category: Tech\n/);
    expect(await cards.getByRole('heading', { name: /Lisbon|Kyoto/ }).count()).toBe(0);

    const dir = resolve(import.meta.dirname, 'screenshots');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: resolve(dir, 'extraction-1280.png'), fullPage: true });
    // Loaded afresh at phone width, as a phone would (resizing would catch the sidebar mid-slide).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByText('Method: relevance (offline, no model)').waitFor();
    await page.screenshot({ path: resolve(dir, 'extraction-390.png'), fullPage: true });
    await context.close();
    expect(pageErrors.splice(0)).toEqual([]);
  });
});

describe('the result page of a crawl extracted by a model', () => {
  let llmServer: TestServer;
  let llm: LlmStandIn;
  beforeAll(async () => {
    // The model is a local OpenAI-compatible stand-in: the real `openai` client runs over HTTP.
    llm = await startLlmStandIn((r) =>
      r.page.text.includes('Category: Tech')
        ? {
            json: {
              matches: true,
              reason: 'A tech post.',
              content: r.page.text.trim(),
              data: { topic: r.page.url.endsWith('/async-rust') ? 'Rust' : 'Postgres', minutes: 4 },
            },
            tokens: 120,
          }
        : { json: { matches: false, reason: 'Not tech.', content: '', data: null }, tokens: 80 },
    );
    llmServer = await startConsoleServer({
      TRAWL_LLM_BASE_URL: llm.baseUrl,
      TRAWL_LLM_API_KEY: 'sk-test',
      TRAWL_LLM_MODEL: 'stand-in-model',
    });
  });
  afterAll(async () => {
    await llmServer?.close();
    await llm?.close();
  });

  it(
    'names the model method with its tokens, and shows the data the schema drew from a page',
    {
      timeout: 120_000,
    },
    async () => {
      const account = await createAccount(llmServer);
      const { token } = await account.trawl.tokens.create({ name: 'script' });
      const trawl = createTrawlClient({ baseUrl: llmServer.url, token });
      const started = await trawl.crawls.start({
        startUrl: `${site.origin}/`,
        maxResults: 10,
        maxDepth: 2,
        deduplicateContent: false,
        engineType: 'cheerio',
        extraction: 'Extract only tech blog posts, ignore everything else',
        extractionSchema: {
          type: 'object',
          properties: { topic: { type: 'string' }, minutes: { type: 'integer' } },
          required: ['topic', 'minutes'],
        },
      });
      const crawl = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
      expect(crawl).toMatchObject({ status: 'succeeded', numberOfResults: 2, extractionMethod: 'llm' });
      expect(crawl.extractionTokens).toBe(120 * 2 + 80 * (llm.answered.length - 2));

      const { context, page } = await newPage(browser);
      await signInContext(context, llmServer, account);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${llmServer.url}/crawl-result/${crawl.id}`);
      await page.getByText('Showing 1-2 of 2 results (Extracted with AI)').waitFor();
      await page
        .getByText(`Method: LLM (AI model) · ${crawl.extractionTokens.toLocaleString('en-US')} tokens`)
        .waitFor();
      await page.getByRole('button', { name: 'Table view' }).click();
      const { results } = await trawl.crawls.resultsPage(crawl.id);
      const rust = results.find((r) => r.url.endsWith('/async-rust'))!;
      await page.getByRole('button', { name: `View details of result ${rust.position}` }).click();
      const details = page.getByRole('dialog', { name: `Result #${rust.position}` });
      const data = details.getByRole('region', { name: 'Extracted data' });
      await expect
        .poll(() => data.locator('pre').textContent())
        .toBe(JSON.stringify({ topic: 'Rust', minutes: 4 }, null, 2));
      const dir = resolve(import.meta.dirname, 'screenshots');
      await page.screenshot({ path: resolve(dir, 'extraction-llm-details-1280.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: resolve(dir, 'extraction-llm-details-390.png') });
      await context.close();
      expect(pageErrors.splice(0)).toEqual([]);
    },
  );
});
