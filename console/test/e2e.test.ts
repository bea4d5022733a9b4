// The console in real Chromium against the real API serving the built console (run
// `npm run build -w @trawl/console` first), crawling the local docs fixture.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startDocsFixture, startTestServer, type DocsFixture, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const consoleDir = resolve(import.meta.dirname, '../dist');
const UI_TIMEOUT = 15_000;

let server: TestServer | undefined;
let fixture: DocsFixture | undefined;
let browser: Browser | undefined;
let trawl: TrawlClient;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!existsSync(resolve(consoleDir, 'index.html'))) throw new Error('No console build: run `npm run build -w @trawl/console` first');
  [server, fixture] = await Promise.all([startTestServer({ env: { TRAWL_CONSOLE_DIR: consoleDir } }), startDocsFixture()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
  browser = await chromium.launch({
    executablePath: process.env.TRAWL_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await Promise.all([server?.close(), fixture?.close()]);
});

/** A fresh browser profile opening the link the server prints on first start. */
async function openConsoleWithToken(): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(UI_TIMEOUT);
  await page.goto(`${server!.url}/#token=${server!.token}`);
  await page.waitForURL((url) => url.pathname === '/home');
  return page;
}

describe('the console', () => {
  it('runs a crawl from the Run crawl modal and shows its results', { timeout: 90_000 }, async () => {
    const page = await openConsoleWithToken();
    expect(new URL(page.url()).hash).toBe('');

    await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
    await page.getByRole('button', { name: 'Run crawl' }).click();

    const dialog = page.getByRole('dialog', { name: 'Run crawl' });
    await dialog.getByLabel('Start URL', { exact: true }).fill(fixture!.startUrl);
    await dialog.getByLabel('Max results', { exact: true }).fill('5');
    await dialog.getByLabel('Max depth', { exact: true }).fill('2');
    await dialog.getByRole('button', { name: 'Start Crawl' }).click();

    await page.waitForURL((url) => /^\/crawl-result\/[\w-]+$/.test(url.pathname));
    const crawlId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await trawl.crawls.get(crawlId)).toMatchObject({ maxResults: 5, maxDepth: 2, startUrls: [fixture!.startUrl] });

    const cards = page.getByRole('article');
    await expect.poll(() => cards.count(), { timeout: 45_000, interval: 250 }).toBe(5);
    const titles = await cards.getByRole('heading').allTextContents();
    const fixtureTitles = new Set(fixture!.docs.pages.map((p) => p.title));
    expect(titles).toHaveLength(5);
    for (const title of titles) expect(fixtureTitles).toContain(title);

    const details = page.getByRole('definition').filter({ hasText: fixture!.startUrl });
    await details.first().waitFor();
    await page.getByText('Showing 1-5 of 5 results').waitFor();
  });

  it('keeps Start Crawl disabled on bad input, shows the JSON-mode messages, and creates nothing', { timeout: 60_000 }, async () => {
    const before = await trawl.crawls.list({ limit: 1 });
    const page = await openConsoleWithToken();

    await page.getByRole('button', { name: 'Add crawl' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run crawl' });
    const start = dialog.getByRole('button', { name: 'Start Crawl' });
    expect(await start.isDisabled()).toBe(true);

    await dialog.getByLabel('Start URL', { exact: true }).fill('not a url');
    await dialog.getByText('Start URL must be a valid URL', { exact: true }).waitFor();
    expect(await start.isDisabled()).toBe(true);
    await dialog.getByLabel('Start URL', { exact: true }).press('Enter');

    const jsonSwitch = dialog.getByRole('switch', { name: 'JSON editor' });
    await jsonSwitch.check();
    await dialog.getByLabel('Crawl settings (JSON)').fill('{"startUrl":"x","maxResults":0}');
    await dialog.getByText('Start URL must be a valid URL; Max Results must be a number between 1 and 5000', { exact: true }).waitFor();
    expect(await start.isDisabled()).toBe(true);
    expect(await jsonSwitch.isDisabled()).toBe(true);

    await dialog.getByLabel('Crawl settings (JSON)').fill('{"startUrl":');
    await dialog.getByText('Invalid JSON format', { exact: true }).waitFor();
    expect(await start.isDisabled()).toBe(true);

    const after = await trawl.crawls.list({ limit: 1 });
    expect(after.totalResults).toBe(before.totalResults);
  });
});
