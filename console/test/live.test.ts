// Live updates over the /events socket, session renewal and the partial-outage banner, in real Chromium
// against the real server.
import type { TestServer } from '@trawl/api/testing';
import { mountLargeSite, startFixtureServer, type FixtureServer } from '@trawl/fixtures';
import { createTrawlClient, type Crawl } from '@trawl/sdk';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  launchBrowser,
  newPage,
  pageErrors,
  signInContext,
  snap,
  startConsoleServer,
  UI_TIMEOUT,
} from './support';

let server: TestServer;
let site: FixtureServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, site, browser] = await Promise.all([startConsoleServer(), startFixtureServer(), launchBrowser()]);
  // Every page answers after 1.5 s: a crawl runs long enough to be watched.
  mountLargeSite(site, 30, { delayMs: 1500 });
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), site?.close()]);
});

async function open(target: TestServer, path: string, account: { email: string; password: string }) {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  await signInContext(context, target, account);
  await page.goto(`${target.url}${path}`);
  return { context, page };
}

describe('live updates', () => {
  it(
    'shows a crawl started through the API on Home without a reload, then its completion',
    { timeout: 120_000 },
    async () => {
      const account = await createAccount(server);
      const { token } = await account.trawl.tokens.create({ name: 'script' });
      const { page } = await open(server, '/home', account);
      await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
      // Home polls only while it lists a running crawl: with none listed, only the socket can bring news.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));

      const crawl = await createTrawlClient({ baseUrl: server.url, token }).crawls.start({
        startUrl: `${site.origin}/`,
        maxResults: 6,
        maxDepth: 2,
      });
      const row = page.getByRole('row').filter({ hasText: site.origin.replace('http://', '') });
      await row.getByText('RUNNING').waitFor();
      await row.getByText('API').waitFor();
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await snap(page, 'home-live');

      // The result page of the running crawl: every crawl the page reads from the API is recorded.
      const polled: Crawl['status'][] = [];
      page.on('response', async (response) => {
        if (
          new URL(response.url()).pathname === `/crawls/${crawl.id}` &&
          response.request().method() === 'GET'
        )
          polled.push(((await response.json()) as Crawl).status);
      });
      await row.click();
      await page.waitForURL((url) => url.pathname === `/crawl-result/${crawl.id}`);
      await page.getByText('RUNNING').first().waitFor();
      await page.getByText('Crawl completed successfully').waitFor({ timeout: 60_000 });
      // The socket said so: no read of the crawl had shown it ended yet.
      expect(polled.length).toBeGreaterThan(0);
      expect(polled.every((status) => status === 'running')).toBe(true);
      await page.getByText('Showing 1-6 of 6 results').waitFor();
      await page.getByText('SUCCEEDED').first().waitFor();
      await snap(page, 'crawl-result-live');

      // Back on Home the row has ended too, still without a reload.
      await page.getByRole('link', { name: 'Crawls' }).click();
      await row.getByText('SUCCEEDED').waitFor();
      await row.getByRole('cell', { name: '6', exact: true }).waitFor();
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    },
  );
});

describe('the session', () => {
  it(
    'renews an expired access cookie once, without the user noticing, and reconnects the socket',
    { timeout: 60_000 },
    async () => {
      const account = await createAccount(server);
      const { context, page } = await open(server, '/home', account);
      const sockets: string[] = [];
      page.on('websocket', (ws) => sockets.push(ws.url()));
      await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
      const refreshes: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/auth/refresh') refreshes.push(response.status());
      });

      // The access cookie as it is once expired or forged: the server no longer takes it.
      const [access] = (await context.cookies(server.url)).filter((c) => c.name === 'trawl_access');
      await context.addCookies([{ ...access!, value: 'expired.access.token' }]);
      const before = sockets.length;
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('link', { name: 'Team' }).click();
      await page.locator('.member__email').filter({ hasText: account.email }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/settings/team');
      expect(refreshes).toEqual([200]);
      const renewed = (await context.cookies(server.url)).find((c) => c.name === 'trawl_access');
      expect(renewed?.value).not.toBe('expired.access.token');
      await expect.poll(() => sockets.length).toBeGreaterThan(before);
      expect(sockets.at(-1)).toMatch(/\/events\?includeMarkdown=false$/);

      // Once more with the refresh cookie gone too: the one renewal fails, and the user signs in again.
      await context.clearCookies({ name: 'trawl_refresh' });
      await context.addCookies([{ ...access!, value: 'expired.access.token' }]);
      await page.getByRole('link', { name: 'Project' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/settings/project');
      await page.getByText('Your session has ended. Sign in again to continue.').waitFor();
    },
  );

  it(
    'renews the session of two tabs at once without taking either for a stolen token',
    { timeout: 60_000 },
    async () => {
      const account = await createAccount(server);
      const { context, page } = await open(server, '/home', account);
      await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
      const second = await context.newPage();
      second.setDefaultTimeout(UI_TIMEOUT);
      await second.goto(`${server.url}/home`);
      await second.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();

      // Both tabs find the access cookie expired together. Holding each renewal a moment makes them overlap:
      // without coordination both would send the same one-use refresh token, and the second would end the session.
      const statuses: number[] = [];
      context.on('response', (response) => {
        if (new URL(response.url()).pathname === '/auth/refresh') statuses.push(response.status());
      });
      await context.route('**/auth/refresh', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      const [access] = (await context.cookies(server.url)).filter((c) => c.name === 'trawl_access');
      await context.addCookies([{ ...access!, value: 'expired.access.token' }]);
      await Promise.all([page.reload(), second.reload()]);
      for (const tab of [page, second])
        await tab.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
      expect(statuses).toEqual([200, 200]);
      for (const tab of [page, second]) expect(new URL(tab.url()).pathname).toBe('/home');
      await context.unroute('**/auth/refresh');
    },
  );

  it('shows the partial-outage banner when the API stops answering', { timeout: 60_000 }, async () => {
    const doomed = await startConsoleServer();
    let closed = false;
    try {
      const account = await createAccount(doomed);
      const { page } = await open(doomed, '/home', account);
      await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
      expect(await page.getByText('Partial outage').count()).toBe(0);
      await doomed.close();
      closed = true;
      await page.getByText('Partial outage: crawls may be delayed or failed').waitFor({ timeout: 30_000 });
      await snap(page, 'outage-banner');
    } finally {
      if (!closed) await doomed.close();
    }
  });
});
