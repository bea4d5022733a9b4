// The public try-out: a crawl without an account, capped at 15 results, in real Chromium against the real server.
import { startDocsFixture, type DocsFixture, type TestServer } from '@trawl/api/testing';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, launchBrowser, newPage, pageErrors, snap, startConsoleServer } from './support';

let server: TestServer;
let fixture: DocsFixture;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, fixture, browser] = await Promise.all([startConsoleServer(), startDocsFixture(), launchBrowser()]);
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), fixture?.close()]);
});

async function open(path: string) {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  await page.goto(`${server.url}${path}`);
  return page;
}

describe('the public try-out', () => {
  it(
    'starts a crawl from the login page with no account, capped at 15 results, with Sign Up everywhere',
    { timeout: 120_000 },
    async () => {
      const page = await open('/login');
      await page.getByRole('link', { name: 'Try a crawl without an account' }).click();
      await page.waitForURL((url) => url.pathname === '/try');
      await page.getByRole('heading', { name: 'Try Trawl, no account needed' }).waitFor();
      const start = page.getByRole('button', { name: 'Start crawl' });
      expect(await start.isDisabled()).toBe(true);
      await page.getByLabel('Start URL').fill('not a url');
      await page.getByText('Start URL must be a valid URL', { exact: true }).waitFor();
      expect(await start.isDisabled()).toBe(true);
      await page.getByLabel('Start URL').fill(fixture.startUrl);
      await snap(page, 'try');
      await start.click();

      await page.waitForURL(
        (url) => url.pathname.startsWith('/crawl-result/') && url.searchParams.get('public') === 'true',
      );
      const results = page.getByRole('definition').filter({ hasText: '/ 15 max' });
      await expect
        .poll(async () => (await results.textContent())?.replace(/\s+/g, ' ').trim(), {
          timeout: 60_000,
          interval: 250,
        })
        .toBe('15 / 15 max - Join to unlock');
      await page.getByText('Crawl completed successfully').waitFor({ timeout: 30_000 });
      expect(await page.getByRole('article').count()).toBe(15);
      await page.getByText('Showing 1-15 of 15 results').waitFor();

      // Restricted navigation: Home, Settings and Invite Members are off; Logout is Sign Up.
      for (const name of ['Home', 'Settings', 'Invite Members'])
        expect(await page.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Sign Up' }).waitFor();
      await page.getByRole('link', { name: 'Join for faster scalable crawls' }).waitFor();
      expect(await page.getByRole('button', { name: 'Abort' }).count()).toBe(0);
      await snap(page, 'public-crawl-result');

      // The logs and CSV come from the public endpoints too.
      await page.getByRole('button', { name: 'Logs' }).click();
      await page.getByRole('dialog', { name: 'Crawl logs' }).getByRole('listitem').first().waitFor();
      await page.keyboard.press('Escape');

      // Start in the run modal goes to sign-up, and starts nothing.
      await page.getByRole('button', { name: 'Recrawl' }).click();
      const dialog = page.getByRole('dialog', { name: 'Run crawl' });
      await dialog.getByRole('button', { name: 'Settings' }).click();
      await dialog.getByText('Sign up to use static IPs').waitFor();
      await snap(page, 'public-run-crawl');
      await dialog.getByRole('button', { name: 'Start Crawl' }).click();
      await page.waitForURL((url) => url.pathname === '/signup');
      await page.getByRole('heading', { name: 'Create your Trawl account' }).waitFor();
    },
  );

  it("answers a team's crawl ID with not found, and sends a signed-out visitor of a plain result page to /login", async () => {
    const account = await createAccount(server);
    const crawl = await account.trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
    const page = await open(`/crawl-result/${crawl.id}?public=true`);
    await page.getByRole('heading', { name: 'Crawl not found' }).waitFor();
    await page.getByText('There is no try-out crawl with this ID.').waitFor();
    await snap(page, 'public-crawl-not-found');
    const plain = await open(`/crawl-result/${crawl.id}`);
    await plain.waitForURL((url) => url.pathname === '/login');
    expect(new URL(plain.url()).searchParams.get('next')).toBe(`/crawl-result/${crawl.id}`);
  });

  it(
    "shows the server's refusal when a visitor has used up their try-out crawls",
    { timeout: 60_000 },
    async () => {
      const limited = await startConsoleServer({ TRAWL_RATE_LIMIT_PUBLIC_CRAWLS: '1' });
      try {
        const { context, page } = await newPage(browser);
        contexts.push(context);
        await page.goto(`${limited.url}/try`);
        await page.getByLabel('Start URL').fill('http://127.0.0.1:9/first');
        await page.getByRole('button', { name: 'Start crawl' }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/crawl-result/'));
        await page.goto(`${limited.url}/try`);
        await page.getByLabel('Start URL').fill('http://127.0.0.1:9/second');
        await page.getByRole('button', { name: 'Start crawl' }).click();
        await page
          .getByRole('alert')
          .filter({ hasText: /too many/i })
          .waitFor();
        await snap(page, 'try-rate-limited');
        expect(new URL(page.url()).pathname).toBe('/try');
      } finally {
        await limited.close();
      }
    },
  );
});
