// Search, the dashboard tiles and deleting a result, in real Chromium against the real server.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startDocsFixture, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  launchBrowser,
  newPage,
  pageErrors,
  signInContext,
  startConsoleServer,
} from './support';

let server: TestServer;
let fixture: DocsFixture;
let browser: Browser;
let account: Awaited<ReturnType<typeof createAccount>>;
let trawl: TrawlClient;
let crawlId: string;
let failedId: string;
const contexts: BrowserContext[] = [];
const SHOTS = resolve(import.meta.dirname, 'screenshots');

beforeAll(async () => {
  [server, fixture, browser] = await Promise.all([startConsoleServer(), startDocsFixture(), launchBrowser()]);
  account = await createAccount(server);
  const { token } = await account.trawl.tokens.create({ name: 'seeding' });
  trawl = createTrawlClient({ baseUrl: server.url, token });
  const crawl = await trawl.crawls.start({ startUrl: fixture.startUrl, maxResults: 5, maxDepth: 1 });
  // Nothing listens on port 9: this crawl fails at once.
  const failed = await trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
  crawlId = (await trawl.crawls.waitForCompletion(crawl.id, { pollIntervalMs: 50 })).id;
  failedId = (await trawl.crawls.waitForCompletion(failed.id, { pollIntervalMs: 50 })).id;
}, 120_000);
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), fixture?.close()]);
});

async function open(path: string): Promise<Page> {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  await signInContext(context, server, account);
  await page.goto(`${server.url}${path}`);
  return page;
}

/** Screenshots at 1280 and 390 wide, for looking at. */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
    await page.screenshot({ path: resolve(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const tile = (page: Page, label: string) =>
  page.getByRole('region', { name: 'For the last 30 days' }).getByLabel(label, { exact: true });
const listedUrls = (page: Page) => page.locator('.crawl-row__url').allTextContents();

describe('Home', () => {
  it('shows the last 30 days in three tiles, cached for the next visit', { timeout: 60_000 }, async () => {
    const page = await open('/home');
    await page.getByRole('heading', { name: 'For the last 30 days' }).waitFor();
    await expect.poll(() => tile(page, 'Successful crawls').textContent()).toBe('1');
    await expect.poll(() => tile(page, 'Failed crawls').textContent()).toBe('1');
    await expect.poll(() => tile(page, 'Total pages').textContent()).toBe('5');
    const cached = await page.evaluate(() =>
      Object.entries(localStorage).find(([key]) => key.startsWith('trawl.dashboard.')),
    );
    expect(JSON.parse(cached![1])).toEqual({ successfulCrawls: 1, failedCrawls: 1, totalCrawlResults: 5 });
    await shoot(page, 'search-home');
  });

  it(
    "says 'Failed to load dashboard' and clears the cache when it cannot load",
    { timeout: 60_000 },
    async () => {
      const page = await open('/home');
      await expect.poll(() => tile(page, 'Total pages').textContent()).toBe('5');
      await page.route('**/app/crawls/dashboard', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"code":"internal_error","message":"x"}',
        }),
      );
      await page.reload();
      await page.getByRole('alert').filter({ hasText: 'Failed to load dashboard' }).waitFor();
      await expect
        .poll(() =>
          page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('trawl.dashboard.'))),
        )
        .toEqual([]);
    },
  );

  it(
    'searches crawls by ID on Enter, suggests past searches, and the clear button reloads page 1',
    { timeout: 60_000 },
    async () => {
      const page = await open('/home');
      await expect.poll(async () => (await listedUrls(page)).length).toBe(2);
      // A combobox once it offers past searches (an input with a datalist), a searchbox before.
      const box = page.getByLabel('Search URL or crawl ID', { exact: true });
      await box.fill(failedId);
      await box.press('Enter');
      await expect.poll(() => listedUrls(page)).toEqual(['127.0.0.1:9']);
      // The search is in the history now, offered as a suggestion.
      await expect
        .poll(() =>
          page
            .locator('datalist option')
            .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
        )
        .toContain(failedId);
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect.poll(async () => (await listedUrls(page)).length).toBe(2);
      await box.fill('no-such-site.example');
      await box.press('Enter');
      await page.getByText('No results found').waitFor();
    },
  );
});

describe('the crawl result page', () => {
  it(
    'searches results on Enter, shows how many were found, and clears on empty input',
    { timeout: 60_000 },
    async () => {
      const page = await open(`/crawl-result/${crawlId}`);
      await page.getByText('Showing 1-5 of 5 results').waitFor();
      const box = page.getByRole('searchbox', { name: 'Search results' });
      await box.fill('tutorial');
      await box.press('Enter');
      const { total } = await trawl.crawls.searchResults(crawlId, 'tutorial');
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThan(5);
      await page.getByText(`${total} result(s) found`).waitFor();
      await expect.poll(() => page.locator('.result-card').count()).toBe(total);
      await shoot(page, 'search-result-page');
      await box.fill('');
      await page.getByText('Showing 1-5 of 5 results').waitFor();
      expect(await page.getByText(/result\(s\) found/).count()).toBe(0);
    },
  );

  it(
    "deletes a result from the table, with 'Crawl result deleted successfully'",
    { timeout: 60_000 },
    async () => {
      const page = await open(`/crawl-result/${crawlId}`);
      await page.getByRole('button', { name: 'Table view' }).click();
      // It asks first: Cancel keeps the result.
      await page.getByRole('button', { name: 'Delete result 2' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete result' });
      await confirm.getByText(/Delete result 2, .*\? .*This cannot be undone\./).waitFor();
      await shoot(page, 'delete-result-confirm');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => confirm.count()).toBe(0);
      expect((await trawl.crawls.get(crawlId)).numberOfResults).toBe(5);
      await page.getByRole('button', { name: 'Delete result 2' }).click();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Crawl result deleted successfully' }).waitFor();
      await expect.poll(() => confirm.count()).toBe(0);
      await page.getByText('Showing 1-4 of 4 results').waitFor();
      expect(await page.getByRole('button', { name: 'Delete result 2' }).count()).toBe(0);
      expect((await trawl.crawls.get(crawlId)).numberOfResults).toBe(4);
      // A failure says so.
      await page.route('**/crawl-results/*', (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: '{"code":"internal_error","message":"x"}',
            })
          : route.fallback(),
      );
      await page.getByRole('button', { name: 'Delete result 3' }).click();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Failed to delete crawl result' }).waitFor();
      // The dialog stays open after a failure, so the user can try again or cancel.
      expect(await confirm.count()).toBe(1);
      expect((await trawl.crawls.get(crawlId)).numberOfResults).toBe(4);
    },
  );
});
