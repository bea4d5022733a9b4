// The Webhooks card of Settings, Project, in real Chromium against the real server: an endpoint added with
// its secret shown once, deliveries to a stand-in receiver that verifies signatures, the delivery log with a
// retried 500, Redeliver, turning the endpoint off, deleting it.
import type { TestServer } from '@trawl/api/testing';
import { startWebhookReceiver, type WebhookReceiver } from '@trawl/api/testing/webhooks';
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

/** The log refreshes every 1.5 s while something is being sent: polls wait as long as the UI may. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: UI_TIMEOUT });

let server: TestServer;
let browser: Browser;
let receiver: WebhookReceiver;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser, receiver] = await Promise.all([
    startConsoleServer({ TRAWL_WEBHOOK_POLL_MS: '50', TRAWL_WEBHOOK_RETRY_BASE_MS: '300' }),
    launchBrowser(),
    startWebhookReceiver(),
  ]);
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await receiver?.close();
});

describe('webhooks in the console', () => {
  it(
    'adds an endpoint, shows its deliveries with a retried 500, redelivers, turns it off and deletes it',
    {
      timeout: 90_000,
    },
    async () => {
      const account = await createAccount(server, 'Hook');
      const { context, page } = await newPage(browser);
      contexts.push(context);
      await signInContext(context, server, account);
      await page.goto(`${server.url}/settings/project`);
      const card = page.getByRole('region', { name: 'Webhooks' });
      await card.getByText('No webhook endpoints yet').waitFor();

      // Both empty: each says what is missing.
      await card.getByRole('checkbox', { name: /Crawl completed/ }).uncheck();
      await card.getByRole('checkbox', { name: /Crawl failed/ }).uncheck();
      await card.getByRole('button', { name: 'Add endpoint' }).click();
      await card.getByText('URL is required').waitFor();
      await card.getByText('Choose at least one event').waitFor();

      await card.getByLabel('Endpoint URL').fill(receiver.url);
      await card.getByRole('checkbox', { name: /Crawl started/ }).check();
      await card.getByRole('checkbox', { name: /Crawl failed/ }).check();
      await card.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Webhook endpoint added' });
      const secret = (await dialog.getByLabel('Signing secret', { exact: true }).textContent())!;
      expect(secret).toMatch(/^whsec_/);
      receiver.secret = secret;
      await snap(page, 'webhook-secret');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await card.getByRole('switch', { name: `Enabled ${receiver.url}` }).waitFor();
      const [endpoint] = await account.trawl.webhooks.list();
      expect(endpoint).not.toHaveProperty('secret');

      // A crawl of a closed port starts and fails at once: two events, the first answered 500 once.
      receiver.respond(500);
      const crawl = await account.trawl.crawls.start({ startUrl: 'http://127.0.0.1:9/', maxResults: 1 });
      await receiver.waitFor((r) => r.event === 'crawl.failed');
      await receiver.waitFor((r) => r.event === 'crawl.started');
      expect(receiver.received.every((r) => r.verified)).toBe(true);

      await card.getByRole('button', { name: 'Deliveries' }).click();
      const log = card.getByRole('table', { name: `Deliveries to ${receiver.url}` });
      const rows = log.getByRole('row');
      await poll(() => log.getByText('Delivered').count()).toBe(2);
      const retried = receiver.received.find((r) => r.status === 500)!;
      const retriedRow = rows.filter({ hasText: retried.event });
      await poll(() => retriedRow.first().getByRole('cell').nth(2).textContent()).toBe('2');
      await poll(() => retriedRow.first().getByRole('cell').nth(3).textContent()).toBe('200');
      await snap(page, 'webhook-deliveries');

      const before = receiver.received.length;
      await log.getByRole('button', { name: new RegExp(`^Redeliver crawl.failed`) }).click();
      await page.getByText('crawl.failed queued for redelivery').waitFor();
      await poll(() => rows.count()).toBe(4);
      const again = await receiver.waitFor(
        (r) => r.event === 'crawl.failed' && receiver.received.indexOf(r) >= before,
      );
      expect((again.body.data.crawl as { id: string }).id).toBe(crawl.id);
      await poll(() => log.getByText('Delivered').count()).toBe(3);

      await card.getByRole('switch', { name: /Enabled/ }).uncheck();
      await poll(async () => (await account.trawl.webhooks.get(endpoint!.id)).enabled).toBe(false);
      await expect
        .poll(() =>
          log
            .getByRole('button', { name: /^Redeliver/ })
            .first()
            .isDisabled(),
        )
        .toBe(true);

      await card.getByRole('button', { name: `Delete ${receiver.url}` }).click();
      await page
        .getByRole('dialog', { name: 'Delete webhook endpoint' })
        .getByRole('button', { name: 'Delete endpoint' })
        .click();
      await card.getByText('No webhook endpoints yet').waitFor();
      expect(await account.trawl.webhooks.list()).toEqual([]);
    },
  );
});
