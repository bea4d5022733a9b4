// Schedules in real Chromium against the real server: set one from the Run crawl modal, see its upcoming
// runs on the Schedules page, pause, resume and delete it.
import type { TestServer } from '@trawl/api/testing';
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
} from './support';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // The scheduler never ticks on its own here: no scheduled run starts while the test looks.
  [server, browser] = await Promise.all([
    startConsoleServer({ TRAWL_SCHEDULER_POLL_MS: '3600000' }),
    launchBrowser(),
  ]);
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('schedules', () => {
  it(
    'schedules a crawl from the Run crawl modal, lists its upcoming runs, pauses, resumes and deletes it',
    { timeout: 120_000 },
    async () => {
      const account = await createAccount(server);
      const { context, page } = await newPage(browser);
      contexts.push(context);
      await signInContext(context, server, account);
      await page.goto(`${server.url}/home`);

      await page.getByRole('button', { name: 'Add crawl' }).click();
      const run = page.getByRole('dialog', { name: 'Run crawl' });
      // Nothing listens on port 9: the crawl fails at once, which is all a schedule needs.
      await run.getByLabel('Start URL', { exact: true }).fill('http://127.0.0.1:9/nightly');
      await run.getByRole('switch', { name: 'Run on a schedule' }).check();
      await run.getByLabel('Repeat', { exact: true }).selectOption('cron');
      await run.getByLabel('Cron expression').fill('61 6 * * *');
      await run.getByLabel('Time zone').fill('Europe/Berlin');
      await run.getByRole('button', { name: 'Start Crawl' }).click();
      // A bad cron expression is refused before any crawl starts.
      await run.getByText(/^Cron is not valid/).waitFor();
      expect((await account.trawl.crawls.list()).totalResults).toBe(0);
      expect(await account.trawl.schedules.list()).toEqual([]);
      await run.getByLabel('Cron expression').fill('0 6 * * 1-5');
      await snap(page, 'run-crawl-schedule');
      await run.getByRole('button', { name: 'Start Crawl' }).click();
      await page.getByText('Scheduled: 127.0.0.1:9').waitFor();
      await page.waitForURL(/\/crawl-result\//);
      const [schedule] = await account.trawl.schedules.list();
      expect(schedule).toMatchObject({
        cron: '0 6 * * 1-5',
        timeZone: 'Europe/Berlin',
        settings: { startUrl: 'http://127.0.0.1:9/nightly' },
      });
      expect((await account.trawl.crawls.list()).totalResults).toBe(1);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedules' }).click();
      await page.waitForURL(/\/schedules$/);
      const card = page.getByRole('listitem', { name: '127.0.0.1:9' });
      await card.getByText('cron 0 6 * * 1-5 (Europe/Berlin)').waitFor();
      const upcoming = card.getByRole('list').getByRole('listitem');
      await expect.poll(() => upcoming.count()).toBe(5);
      const times = await card
        .locator('time')
        .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
      expect(times).toEqual(schedule!.upcoming);
      await snap(page, 'schedules');

      await card.getByRole('button', { name: 'Pause' }).click();
      await card.getByText('Paused', { exact: true }).waitFor();
      await card.getByText('Paused: no runs until it is resumed.').waitFor();
      expect((await account.trawl.schedules.get(schedule!.id)).paused).toBe(true);
      await snap(page, 'schedules-paused');
      await card.getByRole('button', { name: 'Resume' }).click();
      await card.getByText('Active', { exact: true }).waitFor();
      await expect.poll(() => upcoming.count()).toBe(5);
      expect((await account.trawl.schedules.get(schedule!.id)).nextRunAt).not.toBeNull();

      // A reload of /schedules is the page, not the API's list.
      await page.reload();
      await card.getByRole('button', { name: `Delete ${schedule!.name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete schedule' });
      await confirm.getByRole('button', { name: 'Delete schedule' }).click();
      await page.getByRole('heading', { name: 'No schedules yet' }).waitFor();
      expect(await account.trawl.schedules.list()).toEqual([]);
    },
  );
});
