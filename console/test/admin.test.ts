// The admin area, for Trawl admins only, in real Chromium against the real server.
import { readFileSync } from 'node:fs';
import { seedCrawl, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, TrawlApiError } from '@trawl/sdk';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  createAccount,
  launchBrowser,
  newPage,
  pageErrors,
  signInContext,
  snap,
  startConsoleServer,
} from './support';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

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

async function open(path: string, account: { email: string; password: string }) {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  await signInContext(context, server, account);
  await page.goto(`${server.url}${path}`);
  return page;
}

describe('the admin area', () => {
  it(
    "shows an admin the Admin entry, the service's health and every team's crawls",
    { timeout: 60_000 },
    async () => {
      const someone = await createAccount(server, 'Someone');
      const crawl = await someone.trawl.crawls.start({
        startUrl: 'http://127.0.0.1:9/someones-docs',
        maxResults: 1,
      });

      const page = await open('/home', adminCredentials(server));
      await page.getByRole('link', { name: 'Admin', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/admin/health');
      const database = page.getByRole('region', { name: 'Database' });
      await database.getByText('Healthy').waitFor();
      // The suites run once on PGlite and once on PostgreSQL (TEST_DATABASE_URL).
      await database.getByText(process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'Embedded PGlite').waitFor();
      await page.getByRole('region', { name: 'Orchestrator' }).getByText('In-process').waitFor();
      await page.getByRole('region', { name: 'Queue' }).getByText('Running crawls').waitFor();
      await page.getByText(/Updated at .*, refreshed every 5 seconds/).waitFor();
      await snap(page, 'admin-health');
      // Refreshed: another health call comes by itself.
      await page.waitForResponse((r) => new URL(r.url()).pathname === '/admin/health', { timeout: 10_000 });

      await page.getByRole('link', { name: 'Crawls' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/crawl');
      await page.getByText("Someone's team").waitFor();
      await page
        .getByRole('searchbox', { name: 'Search URL, crawl ID or team ID' })
        .fill('nothing-like-this');
      await page.getByRole('searchbox', { name: 'Search URL, crawl ID or team ID' }).press('Enter');
      await page.getByText('No results found').waitFor();
      await page.getByRole('searchbox', { name: 'Search URL, crawl ID or team ID' }).fill(crawl.id);
      await page.getByRole('searchbox', { name: 'Search URL, crawl ID or team ID' }).press('Enter');
      await page.getByText('1 crawl', { exact: true }).waitFor();
      await page.getByText('127.0.0.1:9/someones-docs').waitFor();
      await snap(page, 'admin-crawls');

      // Opened directly (a reload, a bookmark), the admin pages are the console's, not the API's JSON.
      for (const path of ['/admin', '/admin/health', '/admin/crawl']) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { name: 'Admin', exact: true }).waitFor();
      }
      expect(new URL(page.url()).pathname).toBe('/admin/crawl');
    },
  );

  it('pages through every crawl', { timeout: 60_000 }, async () => {
    const many = await createAccount(server, 'Many');
    for (let i = 0; i < 16; i++)
      await many.trawl.crawls.start({ startUrl: `http://127.0.0.1:9/page-${i}`, maxResults: 1 });
    const page = await open('/admin/crawl', adminCredentials(server));
    await page.getByRole('searchbox', { name: 'Search URL, crawl ID or team ID' }).fill('/page-');
    await page.getByRole('searchbox', { name: 'Search URL, crawl ID or team ID' }).press('Enter');
    await page.getByText('16 crawls').waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('127.0.0.1:9/page-0', { exact: true }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
  });

  it(
    'shows an admin every support request with its files, and the problem reports beside them',
    { timeout: 60_000 },
    async () => {
      const asker = await createAccount(server, 'Asker');
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
      await asker.trawl.support.send({
        subject: 'Crawl stuck since noon',
        message: 'It still says running.',
        files: [new File([png], 'stuck.png', { type: 'image/png' })],
      });
      const [project] = await asker.trawl.projects.list();
      const seeded = await seedCrawl(
        server.server.deps.db,
        { teamId: asker.teamId, projectId: project!.id },
        { startUrl: 'https://shop.example.com/' },
      );
      await asker.trawl.support.reportCrawlResult({
        crawlResultId: seeded.resultIds[0]!,
        problemType: 'missing_information',
        description: 'The pricing table is gone',
      });

      const page = await open('/admin', adminCredentials(server));
      await page.getByRole('link', { name: 'Support', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/admin/support');
      const requests = page.getByRole('region', { name: 'Support requests' });
      const request = requests.getByRole('listitem').filter({ hasText: 'Crawl stuck since noon' });
      await request.getByText('It still says running.').waitFor();
      await request.getByText(new RegExp(`${asker.email} · Asker's team`)).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        request.getByRole('link', { name: 'stuck.png' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('stuck.png');
      const saved = await download.path();
      expect(readFileSync(saved)).toEqual(png);

      const reports = page.getByRole('region', { name: 'Problem reports' });
      const report = reports.getByRole('listitem').filter({ hasText: 'shop.example.com/page-1' });
      await report.getByText('Missing information').waitFor();
      await report.getByText('The pricing table is gone').waitFor();
      await report.getByText(/deduplication on/).waitFor();
      await snap(page, 'admin-support');

      // A plain user neither sees the tab nor reads the requests.
      const refused = await asker.trawl.support.listRequests().catch((err: unknown) => err);
      expect((refused as TrawlApiError).status).toBe(403);
    },
  );

  it('sends anyone else away from every admin page, and the server refuses their calls', async () => {
    const user = await createAccount(server, 'Plain');
    for (const path of ['/admin', '/admin/health', '/admin/crawl']) {
      const page = await open(path, user);
      await page.waitForURL((url) => url.pathname === '/home');
      expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    }
    for (const call of [() => user.trawl.admin.health(), () => user.trawl.admin.crawls()]) {
      const refused = await call().catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(TrawlApiError);
      expect((refused as TrawlApiError).status).toBe(403);
    }
    const anonymous = await createTrawlClient({ baseUrl: server.url, session: 'memory' })
      .admin.health()
      .catch((err: unknown) => err);
    expect((anonymous as TrawlApiError).status).toBe(401);
  });
});
