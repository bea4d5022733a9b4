// The Support dialog, Report a problem with its two recrawl offers, and folders on Home, in real Chromium.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { seedCrawl, type TestServer } from '@trawl/api/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  createAccount,
  launchBrowser,
  newPage,
  pageErrors,
  signInContext,
  startConsoleServer,
} from './support';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const SHOTS = resolve(import.meta.dirname, 'screenshots');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

beforeAll(async () => {
  [server, browser] = await Promise.all([startConsoleServer(), launchBrowser()]);
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string, account: { email: string; password: string }): Promise<Page> {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  await signInContext(context, server, account);
  await page.goto(`${server.url}${path}`);
  return page;
}

/** Screenshots at 1280 and 390 px wide (the viewport while a dialog is open), then back to 1280. */
async function snapAt(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ['1280', { width: 1280, height: 800 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
    const dialogOpen = (await page.getByRole('dialog').count()) > 0;
    await page.screenshot({ path: resolve(SHOTS, `${name}-${label}.png`), fullPage: !dialogOpen });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function projectOf(account: Awaited<ReturnType<typeof createAccount>>) {
  const [project] = await account.trawl.projects.list();
  return { teamId: account.teamId, projectId: project!.id };
}

/** The Run crawl modal's 'Remove duplicate content' switch. */
async function dedupSwitch(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Run crawl' });
  await expect.poll(() => dialog.count()).toBe(1);
  const settings = dialog.getByRole('button', { name: 'Settings' });
  if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
  return dialog.getByRole('switch', { name: 'Remove duplicate content' });
}

describe('support dialog', () => {
  it('asks for every field, then sends the request with its attachment', { timeout: 90_000 }, async () => {
    const account = await createAccount(server);
    const page = await open('/home', account);
    await page.getByRole('button', { name: 'Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Please fill in all fields');

    await dialog.getByLabel('Subject').fill('Crawl stuck');
    await dialog.getByLabel('Message').fill('It says running since noon.');
    await dialog
      .getByLabel('Attach files')
      .setInputFiles([{ name: 'screen.png', mimeType: 'image/png', buffer: PNG }]);
    await expect
      .poll(() => dialog.getByRole('list', { name: 'Attachments' }).textContent())
      .toContain('screen.png');
    await snapAt(page, 'support-dialog');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe(
        'Your support request has been sentOur support team will reply to your email as soon as possible',
      );

    const { results } = await (await adminClient(server)).support.listRequests();
    const kept = results.find((r) => r.email === account.email);
    expect(kept).toMatchObject({ subject: 'Crawl stuck', message: 'It says running since noon.' });
    expect(kept?.attachments.map((a) => [a.filename, a.contentType])).toEqual([['screen.png', 'image/png']]);
  });
});

describe('report a problem', () => {
  it(
    'offers a recrawl without deduplication for missing information, prefilled with the crawl and that override',
    { timeout: 90_000 },
    async () => {
      const account = await createAccount(server);
      const crawl = await seedCrawl(server.server.deps.db, await projectOf(account), {
        duplicates: [3, 0],
        deduplicateContent: true,
      });
      const page = await open(`/crawl-result/${crawl.crawlId}`, account);
      await page.getByRole('button', { name: 'Report a problem with Page 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a problem' });
      await expect.poll(() => dialog.getByLabel('Subject').inputValue()).toBe('missing_information');
      expect(await dialog.getByLabel('Subject').locator('option').allTextContents()).toEqual([
        'Missing information',
        'Too much information',
        'Incorrect information',
        'Duplicate information',
        'Other',
      ]);
      await expect
        .poll(() => dialog.textContent())
        .toContain('3 duplicate text fragments were removed from this page');
      await snapAt(page, 'report-modal');
      // The other subjects have no offer here: nothing to recrawl for duplicates on a page that had them removed.
      await dialog.getByLabel('Subject').selectOption('duplicate_information');
      expect(await dialog.getByRole('button', { name: /^Recrawl/ }).count()).toBe(0);
      await dialog.getByLabel('Subject').selectOption('missing_information');
      await dialog.getByRole('button', { name: 'Recrawl without deduplication' }).click();

      const dedup = await dedupSwitch(page);
      expect(await dedup.isChecked()).toBe(false);
      const runCrawl = page.getByRole('dialog', { name: 'Run crawl' });
      expect(await runCrawl.getByLabel('Start URL').inputValue()).toBe('https://docs.example.com/');
    },
  );

  it(
    'offers a recrawl with deduplication for duplicate information none was removed from, and submits a report',
    { timeout: 90_000 },
    async () => {
      const account = await createAccount(server);
      const crawl = await seedCrawl(server.server.deps.db, await projectOf(account), {
        duplicates: [0],
        deduplicateContent: false,
        startUrl: 'https://blog.example.com/',
      });
      const page = await open(`/crawl-result/${crawl.crawlId}`, account);
      // The table's report action, this time.
      await page.getByRole('button', { name: 'Table view' }).click();
      await page.getByRole('button', { name: 'Report a problem with result 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a problem' });
      await dialog.getByLabel('Subject').selectOption('duplicate_information');
      await expect
        .poll(() => dialog.textContent())
        .toContain('Duplicate paragraphs were not removed from this page');
      await dialog.getByRole('button', { name: 'Recrawl with deduplication' }).click();
      const dedup = await dedupSwitch(page);
      expect(await dedup.isChecked()).toBe(true);
      await page.getByRole('dialog', { name: 'Run crawl' }).getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Report a problem with result 1' }).click();
      const again = page.getByRole('dialog', { name: 'Report a problem' });
      await again.getByLabel('Subject').selectOption('other');
      await again.getByLabel('Additional details').fill('The footer is in the text');
      await again.getByRole('button', { name: 'Submit report' }).click();
      await expect.poll(() => page.getByText('Report submitted successfully').count()).toBe(1);
      const { results } = await (await adminClient(server)).support.listReports();
      expect(results.find((r) => r.crawlResultId === crawl.resultIds[0])).toMatchObject({
        problemType: 'other',
        description: 'The footer is in the text',
        email: account.email,
      });
    },
  );
});

describe('folders on Home', () => {
  it(
    'creates a folder, moves a crawl into it, opens, renames and deletes it, keeping the crawl',
    { timeout: 90_000 },
    async () => {
      const account = await createAccount(server);
      const scope = await projectOf(account);
      const filed = await seedCrawl(server.server.deps.db, scope, { startUrl: 'https://filed.example.com/' });
      await seedCrawl(server.server.deps.db, scope, { startUrl: 'https://loose.example.com/' });
      const page = await open('/home', account);
      await page.getByRole('button', { name: 'New folder' }).click();
      const dialog = page.getByRole('dialog', { name: 'New folder' });
      await dialog.getByRole('button', { name: 'Create folder' }).click();
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Folder name is required');
      await dialog.getByLabel('Folder name').fill('Docs sites');
      await dialog.getByRole('button', { name: 'Create folder' }).click();
      const folderRow = page.locator('.folder-row');
      await expect.poll(() => folderRow.textContent()).toContain('Docs sites');

      const [folder] = await account.trawl.folders.list();
      // Move the crawl into the folder from its row.
      await page.getByRole('button', { name: 'Move filed.example.com to a folder' }).click();
      const move = page.getByRole('dialog', { name: 'Move crawl' });
      expect(await move.getByLabel('Folder').locator('option').allTextContents()).toEqual([
        'No folder (top of the project)',
        'Docs sites',
      ]);
      await move.getByLabel('Folder').selectOption({ label: 'Docs sites' });
      await move.getByRole('button', { name: 'Move' }).click();
      await page.getByRole('status').filter({ hasText: 'Moved to Docs sites' }).waitFor();
      expect((await account.trawl.crawls.get(filed.crawlId)).parentId).toBe(folder!.id);
      await expect.poll(() => folderRow.textContent()).toContain('1 crawl');
      expect(await folderRow.getByText('Folder', { exact: true }).count()).toBeGreaterThan(0);
      // The filed crawl is in its folder, not at the top.
      await expect
        .poll(() => page.locator('.crawl-row:not(.folder-row) .crawl-row__url').allTextContents())
        .toEqual(['loose.example.com']);
      await snapAt(page, 'home-folder');

      await folderRow.getByRole('link', { name: 'Docs sites' }).click();
      await expect.poll(() => new URL(page.url()).search).toBe(`?folder=${folder!.id}`);
      await expect
        .poll(() => page.locator('.crawl-row__url').allTextContents())
        .toEqual(['filed.example.com']);
      expect(await page.getByRole('heading', { name: 'Docs sites' }).count()).toBe(1);
      await page.getByRole('link', { name: 'Crawls' }).click();
      await expect.poll(() => page.locator('.folder-row').count()).toBe(1);

      // Rename it from inside; a blank name is refused.
      await folderRow.getByRole('link', { name: 'Docs sites' }).click();
      await page.getByRole('button', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename folder' });
      await rename.getByLabel('Folder name').fill('  ');
      await rename.getByRole('button', { name: 'Rename' }).click();
      await expect.poll(() => rename.getByRole('alert').textContent()).toBe('Folder name is required');
      await rename.getByLabel('Folder name').fill('Documentation');
      await rename.getByRole('button', { name: 'Rename' }).click();
      await page.getByRole('heading', { name: 'Documentation' }).waitFor();

      // Deleting it asks first, says what happens to its crawl, and keeps the crawl.
      await page.getByRole('button', { name: 'Delete folder' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete folder' });
      await confirm
        .getByText('Its crawl moves back to the top of the project; no crawl is deleted.')
        .waitFor();
      await snapAt(page, 'delete-folder');
      await confirm.getByRole('button', { name: 'Delete folder' }).click();
      await page.waitForURL((url) => url.pathname === '/home' && url.search === '');
      await expect.poll(() => page.locator('.folder-row').count()).toBe(0);
      await expect
        .poll(() => page.locator('.crawl-row__url').allTextContents())
        .toEqual(expect.arrayContaining(['filed.example.com', 'loose.example.com']));
      expect((await account.trawl.crawls.get(filed.crawlId)).parentId).toBeNull();
      // With no folder left, rows offer no move.
      expect(await page.getByRole('button', { name: /to a folder$/ }).count()).toBe(0);
    },
  );
});
