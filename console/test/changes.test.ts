// A recrawl's result page in real Chromium: the change counts, the change status filter and the diff view.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TestServer } from '@trawl/api/testing';
import { CHANGING_SITE, mountChangingSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
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
const c = CHANGING_SITE;

beforeAll(async () => {
  [server, site, browser] = await Promise.all([startConsoleServer(), startFixtureServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), site?.close()]);
});

describe('the result page of a recrawl', () => {
  it(
    'shows the counts, filters by change status and shows a changed page’s diff',
    { timeout: 120_000 },
    async () => {
      const changing = mountChangingSite(site);
      const account = await createAccount(server);
      const { token } = await account.trawl.tokens.create({ name: 'script' });
      const trawl = createTrawlClient({ baseUrl: server.url, token });
      const first = await trawl.crawls.start({ startUrl: `${site.origin}/`, maxResults: 50 });
      await trawl.crawls.waitForCompletion(first.id, { pollIntervalMs: 50 });
      changing.setVersion(2);
      const started = await trawl.crawls.recrawl(first.id);
      const crawl = await trawl.crawls.waitForCompletion(started.id, { pollIntervalMs: 50 });
      expect(crawl.changes).toEqual({ new: 2, changed: 2, unchanged: 5, removed: 2 });

      const { context, page } = await newPage(browser);
      await signInContext(context, server, account);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${server.url}/crawl-result/${crawl.id}`);
      const counts = page.getByLabel('Changes since the previous crawl');
      await counts.getByText('2 new').waitFor();
      expect(await counts.textContent()).toBe('2 new2 changed5 unchanged2 removed');
      await page.getByText('Showing 1-11 of 11 results').waitFor();

      await page.getByLabel('Change status').selectOption('changed');
      await page.getByText('Showing 1-2 of 2 results').waitFor();
      const cards = page.getByRole('article');
      expect(await cards.count()).toBe(2);
      expect(
        await cards.locator('[data-change-status]').evaluateAll((els) => els.map((e) => e.textContent)),
      ).toEqual(['Changed', 'Changed']);

      await cards
        .filter({ hasText: `${site.origin}${c.etagEdited}` })
        .getByRole('button', { name: /^Expand/ })
        .click();
      const diff = page.getByLabel('Diff');
      await diff.waitFor();
      const added = diff.locator('[data-kind="added"]');
      const removed = diff.locator('[data-kind="removed"]');
      expect(await added.allTextContents()).toEqual([`+${c.newsText[2]}`]);
      expect(await removed.allTextContents()).toEqual([`-${c.newsText[1]}`]);
      // Added lines green, removed lines red.
      const color = (l: typeof added) => l.evaluate((el) => getComputedStyle(el).color);
      expect(await color(added)).toBe('rgb(21, 128, 61)');
      expect(await color(removed)).toBe('rgb(185, 28, 28)');

      const dir = resolve(import.meta.dirname, 'screenshots');
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: resolve(dir, 'changes-diff-1280.png') });
      await page.keyboard.press('Escape');
      await page.getByLabel('Change status').selectOption('removed');
      await page.getByText('Showing 1-2 of 2 results').waitFor();
      await cards.filter({ hasText: `${site.origin}${c.removed}` }).waitFor();
      await page.screenshot({ path: resolve(dir, 'changes-1280.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await counts.getByText('2 new').waitFor();
      await page.screenshot({ path: resolve(dir, 'changes-390.png'), fullPage: true });
      await context.close();
      expect(pageErrors.splice(0)).toEqual([]);
    },
  );

  it(
    'Recrawl from the result page compares with the crawl unless the switch is turned off',
    { timeout: 120_000 },
    async () => {
      const own = await startFixtureServer();
      mountChangingSite(own);
      const account = await createAccount(server);
      const { token } = await account.trawl.tokens.create({ name: 'script' });
      const trawl = createTrawlClient({ baseUrl: server.url, token });
      const first = await trawl.crawls.start({ startUrl: `${own.origin}/`, maxResults: 50 });
      await trawl.crawls.waitForCompletion(first.id, { pollIntervalMs: 50 });

      const { context, page } = await newPage(browser);
      await signInContext(context, server, account);
      await page.setViewportSize({ width: 1280, height: 900 });
      const screenshots = resolve(import.meta.dirname, 'screenshots');
      mkdirSync(screenshots, { recursive: true });
      const recrawl = async (compare: boolean): Promise<string> => {
        await page.goto(`${server.url}/crawl-result/${first.id}`);
        await page.getByRole('button', { name: 'Recrawl' }).first().click();
        const toggle = page.getByRole('switch', { name: /Compare with this crawl/ });
        expect(await toggle.isChecked()).toBe(true);
        const width = page.viewportSize()!.width;
        await page.screenshot({ path: resolve(screenshots, `recrawl-modal-${width}.png`) });
        if (!compare) await toggle.uncheck({ force: true });
        await page.getByRole('button', { name: 'Start Crawl' }).click();
        await page.waitForURL(
          (url) => /\/crawl-result\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(first.id),
        );
        return page.url().split('/').pop()!;
      };

      const compared = await trawl.crawls.waitForCompletion(await recrawl(true), { pollIntervalMs: 50 });
      expect(compared).toMatchObject({ compareWith: first.id, changes: { new: 0, changed: 0, removed: 0 } });
      expect(compared.parentId).toBeTruthy();
      expect((await trawl.crawls.get(first.id)).parentId).toBe(compared.parentId);
      await page.reload();
      await page
        .getByLabel('Changes since the previous crawl')
        .getByText(`${compared.changes!.unchanged} unchanged`)
        .waitFor();

      await page.setViewportSize({ width: 390, height: 844 });
      const plain = await trawl.crawls.waitForCompletion(await recrawl(false), { pollIntervalMs: 50 });
      expect(plain).toMatchObject({ compareWith: null, changes: null });
      await context.close();
      await own.close();
      expect(pageErrors.splice(0)).toEqual([]);
    },
  );
});
