// The console in real Chromium against the real API serving the built console (run
// `npm run build -w @trawl/console` first), crawling the local docs fixture.
import { startDocsFixture, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  launchBrowser,
  newPage,
  pageErrors,
  signInWithForm,
  snap,
  startConsoleServer,
} from './support';

let server: TestServer | undefined;
let fixture: DocsFixture | undefined;
let browser: Browser | undefined;
let trawl: TrawlClient;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, fixture, browser] = await Promise.all([startConsoleServer(), startDocsFixture(), launchBrowser()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await Promise.all([server?.close(), fixture?.close()]);
  expect(pageErrors).toEqual([]);
});

/** A fresh browser profile, signed in with the admin password the server prints on first start. */
async function openSignedInConsole(): Promise<Page> {
  const { context, page } = await newPage(browser!);
  contexts.push(context);
  await signInWithForm(page, server!, adminCredentials(server!));
  return page;
}

describe('the console', () => {
  it('runs a crawl from the Run crawl modal and shows its results', { timeout: 90_000 }, async () => {
    const page = await openSignedInConsole();

    await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
    await page.getByRole('button', { name: 'Run crawl' }).click();

    const dialog = page.getByRole('dialog', { name: 'Run crawl' });
    await dialog.getByLabel('Start URL', { exact: true }).fill(fixture!.startUrl);
    await dialog.getByLabel('Max results', { exact: true }).fill('5');
    // The input takes up to 99 (SPEC.md section 5); deeper than 50 runs as 50, and the field says so.
    await dialog.getByLabel('Max depth', { exact: true }).fill('75');
    await dialog.getByText('Crawls follow links at most 50 levels deep: this one stops at 50').waitFor();
    await snap(page, 'run-crawl');
    await dialog.getByLabel('Max depth', { exact: true }).fill('2');
    await dialog.getByRole('button', { name: 'Start Crawl' }).click();

    await page.waitForURL((url) => /^\/crawl-result\/[\w-]+$/.test(url.pathname));
    const crawlId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await trawl.crawls.get(crawlId)).toMatchObject({
      maxResults: 5,
      maxDepth: 2,
      startUrls: [fixture!.startUrl],
      // Started from a signed-in session: the web origin, not the API's.
      origin: 'web',
    });

    const cards = page.getByRole('article');
    await expect.poll(() => cards.count(), { timeout: 45_000, interval: 250 }).toBe(5);
    const titles = await cards.getByRole('heading').allTextContents();
    const fixtureTitles = new Set(fixture!.docs.pages.map((p) => p.title));
    expect(titles).toHaveLength(5);
    for (const title of titles) expect(fixtureTitles).toContain(title);

    const details = page.getByRole('definition').filter({ hasText: fixture!.startUrl });
    await details.first().waitFor();
    await page.getByText('Showing 1-5 of 5 results').waitFor();
    await page.getByText('SUCCEEDED', { exact: true }).first().waitFor();
    await snap(page, 'crawl-result');

    // Search: Enter runs it, with the spec's note.
    const search = page.getByRole('searchbox', { name: 'Search results' });
    await search.fill(titles[0]!);
    await search.press('Enter');
    await page.getByText(/^\d+ result\(s\) found$/).waitFor();
    await page.getByRole('button', { name: 'Logs' }).click();
    await page.getByRole('dialog', { name: 'Crawl logs' }).getByRole('listitem').first().waitFor();
    await snap(page, 'crawl-logs');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Crawls' }).click();
    await page.getByRole('row').filter({ hasText: 'SUCCEEDED' }).getByText('App').waitFor();
    await snap(page, 'home');
  });

  it(
    'keeps Start Crawl disabled on bad input, shows the JSON-mode messages, and creates nothing',
    { timeout: 60_000 },
    async () => {
      const before = await trawl.crawls.list({ limit: 1 });
      const page = await openSignedInConsole();

      await page.getByRole('button', { name: 'Add crawl' }).click();
      const dialog = page.getByRole('dialog', { name: 'Run crawl' });
      const start = dialog.getByRole('button', { name: 'Start Crawl' });
      expect(await start.isDisabled()).toBe(true);

      await dialog.getByLabel('Start URL', { exact: true }).fill('not a url');
      await dialog.getByText('Start URL must be a valid URL', { exact: true }).waitFor();
      expect(await start.isDisabled()).toBe(true);
      await dialog.getByLabel('Start URL', { exact: true }).press('Enter');

      const jsonSwitch = dialog.getByRole('switch', { name: 'JSON editor' });
      await dialog.getByRole('button', { name: 'Settings' }).click();
      await dialog.getByText('Not configured on this server').waitFor();
      await snap(page, 'run-crawl-settings');
      await jsonSwitch.check();
      await dialog.getByLabel('Crawl settings (JSON)').fill('{"startUrl":"x","maxResults":0}');
      await dialog
        .getByText('Start URL must be a valid URL; Max Results must be a number between 1 and 5000', {
          exact: true,
        })
        .waitFor();
      expect(await start.isDisabled()).toBe(true);
      expect(await jsonSwitch.isDisabled()).toBe(true);

      await dialog.getByLabel('Crawl settings (JSON)').fill('{"startUrl":');
      await dialog.getByText('Invalid JSON format', { exact: true }).waitFor();
      await snap(page, 'run-crawl-json');
      expect(await start.isDisabled()).toBe(true);

      const after = await trawl.crawls.list({ limit: 1 });
      expect(after.totalResults).toBe(before.totalResults);
    },
  );
});
