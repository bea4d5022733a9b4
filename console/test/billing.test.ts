// Usage and subscription in the console, in real Chromium against the real server: the usage banners at
// 85% and full, the canceled-subscription banner arriving live with SUBSCRIPTION_CHANGED_EVENT (which
// also adds its flag to the query string), and the usage bar on the Billing tab.
import { changeSubscriptionStatus, setTeamBilling, type TestServer } from '@trawl/api/testing';
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

const ADVICE = /Upgrade your plan or wait for the next billing cycle\./;

describe('usage banners', () => {
  it('shows no banner below 85%, then Usage exceeded 85%, then Usage full', { timeout: 60_000 }, async () => {
    const account = await createAccount(server, 'Usage');
    await setTeamBilling(server, account.teamId, { maxUsage: 1000, usageUsed: 849 });
    const page = await open('/home', account);
    await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
    expect(await page.getByText(/Usage exceeded 85%|Usage full/).count()).toBe(0);

    await setTeamBilling(server, account.teamId, { usageUsed: 850 });
    await page.reload();
    const warn = page.locator('.banner', { hasText: 'Usage exceeded 85%' });
    await warn.waitFor();
    expect(await warn.textContent()).toMatch(ADVICE);
    expect(await warn.textContent()).toContain('850 of 1,000 units used');
    await snap(page, 'billing-banner-85');

    await setTeamBilling(server, account.teamId, { usageUsed: 1000 });
    await page.reload();
    const full = page.locator('.banner--danger', { hasText: 'Usage full' });
    await full.waitFor();
    expect(await full.textContent()).toMatch(ADVICE);
    await full.getByRole('link', { name: 'Upgrade your plan' }).click();
    await page.waitForURL(/\/settings\/billing$/);
  });

  it(
    'shows the canceled banner when the subscription changes live, and flags the query string',
    { timeout: 60_000 },
    async () => {
      const account = await createAccount(server, 'Cancel');
      await setTeamBilling(server, account.teamId, { stripeSubscriptionStatus: 'active' });
      const page = await open('/home', account);
      await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
      expect(await page.getByText(/subscription has been canceled/).count()).toBe(0);

      for (const status of ['unpaid', 'incomplete_expired', 'canceled']) {
        await changeSubscriptionStatus(server, account.teamId, status);
        await page.locator('.banner--danger', { hasText: 'Your subscription has been canceled.' }).waitFor();
        expect(new URL(page.url()).searchParams.get('subscriptionChanged')).toBe('true');
        await changeSubscriptionStatus(server, account.teamId, 'active');
        await page.locator('.banner--danger').waitFor({ state: 'detached' });
      }
      await changeSubscriptionStatus(server, account.teamId, 'canceled');
      const banner = page.locator('.banner--danger', { hasText: 'Your subscription has been canceled.' });
      await banner.waitFor();
      expect(await banner.textContent()).toMatch(/Re-activate it to keep crawling/);
      await snap(page, 'billing-banner-canceled');
    },
  );
});

describe('billing tab', () => {
  it('shows the plan, the period and a usage bar', { timeout: 60_000 }, async () => {
    const account = await createAccount(server, 'Tab');
    await setTeamBilling(server, account.teamId, { maxUsage: 1000, usageUsed: 420 });
    const page = await open('/settings/billing', account);
    const bar = page.getByRole('progressbar', { name: 'Usage this billing period' });
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe('420');
    expect(await bar.getAttribute('aria-valuemax')).toBe('1000');
    await page.getByText('420 of 1,000 units used').waitFor();
    await page.getByRole('heading', { name: 'No plan' }).waitFor();
    await page.getByText(/Billing period since/).waitFor();
    // Without Stripe keys the billing read answers 501, and the tab says so instead of plans and invoices.
    await page.getByText('Billing is not configured on this server').waitFor();
    expect(await page.getByRole('region', { name: 'Plan' }).count()).toBe(0);
    await snap(page, 'settings-billing-usage');

    await setTeamBilling(server, account.teamId, { maxUsage: null });
    await page.reload();
    await page.getByText('420 units used (unlimited)').waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
  });
});
