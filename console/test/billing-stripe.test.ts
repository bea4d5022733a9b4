// The Billing tab with Stripe on, in real Chromium against the real server and the real `stripe` client,
// which talks to a Stripe stand-in on 127.0.0.1 (STRIPE_API_URL). Stripe.js is a stand-in too, served by
// routing https://js.stripe.com in the browser (the page's CSP still has to allow that origin): just enough
// of `Stripe(key).elements().create('card').mount()` and `createToken` to set a card. Covered: changing
// plan monthly and yearly, the server's message and 'Failed to change plan', invoices and a PDF download,
// cancel and reactivate, a declined and an accepted card, and billing details.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { TestServer } from '@trawl/api/testing';
import {
  PDF_BYTES,
  STRIPE_TEST_ENV,
  startStripeStandIn,
  type StripeStandIn,
} from '@trawl/api/testing/stripe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MOBILE,
  createAccount,
  launchBrowser,
  newPage,
  pageErrors,
  signInContext,
  startConsoleServer,
} from './support';

let stripe: StripeStandIn;
let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // Enterprise has no price in this Stripe: choosing it is refused with the server's message.
  stripe = await startStripeStandIn(
    ['starter', 'pro', 'scale'].flatMap((p) => [`${p}_monthly`, `${p}_yearly`]),
  );
  [server, browser] = await Promise.all([startConsoleServer(STRIPE_TEST_ENV(stripe)), launchBrowser()]);
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stripe?.close();
});

/** Stripe.js as the card form uses it; card numbers become the stand-in API's test tokens. */
const STRIPE_JS = `
window.Stripe = function (key) {
  window.__stripeKeys = (window.__stripeKeys || []).concat(key);
  return {
    elements: function () {
      return {
        create: function (type) {
          if (type !== 'card') throw new Error('stand-in: only card elements');
          var input;
          var handlers = [];
          return {
            mount: function (target) {
              input = document.createElement('input');
              input.setAttribute('aria-label', 'Card number');
              input.addEventListener('input', function () {
                handlers.forEach(function (h) { h({ complete: input.value.length >= 16 }); });
              });
              target.appendChild(input);
            },
            on: function (event, handler) { if (event === 'change') handlers.push(handler); },
            destroy: function () { if (input) input.remove(); },
            value: function () { return input ? input.value.replace(/\\s/g, '') : ''; },
          };
        },
      };
    },
    createToken: function (card) {
      var number = card.value();
      if (number === '4242424242424242') return Promise.resolve({ token: { id: 'tok_visa' } });
      if (number === '4000000000000002') return Promise.resolve({ token: { id: 'tok_chargeDeclined' } });
      return Promise.resolve({ error: { message: 'Your card number is incomplete.' } });
    },
  };
};`;

async function open(account: { email: string; password: string }): Promise<{ page: Page; csp: string[] }> {
  const { context, page } = await newPage(browser);
  contexts.push(context);
  const csp: string[] = [];
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) csp.push(m.text());
  });
  await context.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS }),
  );
  await signInContext(context, server, account);
  const shell = await page.goto(`${server.url}/settings/billing`);
  expect(shell!.headers()['content-security-policy']).toMatch(/script-src 'self' https:\/\/js\.stripe\.com;/);
  return { page, csp };
}

const dialogButton = (page: Page, name: string) =>
  page.getByRole('dialog').getByRole('button', { name, exact: true });

async function choosePlan(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await dialogButton(page, 'Change plan').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** The tab at 1280 and 390 wide, whole page, to test/screenshots/<name>-1280.png and -390.png. */
async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(resolve(import.meta.dirname, 'screenshots'), { recursive: true });
  for (const size of [{ width: 1280, height: 900 }, MOBILE]) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
    await page.screenshot({
      path: resolve(import.meta.dirname, 'screenshots', `${name}-${size.width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('billing tab with Stripe', () => {
  it(
    'changes plan monthly and yearly, shows why a change failed, lists invoices and downloads a PDF, cancels and reactivates',
    { timeout: 90_000 },
    async () => {
      const account = await createAccount(server, 'Plan');
      const { page, csp } = await open(account);
      const plan = page.getByRole('region', { name: 'Plan' });
      await plan.getByText('No plan.').waitFor();
      expect(await page.getByText('Billing is not configured on this server').count()).toBe(0);
      await page.getByText('No invoices yet').waitFor();

      await choosePlan(page, 'Choose Pro (monthly)');
      await plan.getByText('Pro (monthly)').waitFor();
      await plan.getByText(/Renews on /).waitFor();
      expect(await plan.getByRole('listitem').filter({ hasText: 'Pro' }).textContent()).toContain(
        'Current plan',
      );
      // The usage card reads the team, whose plan and budget followed.
      await page
        .getByRole('region', { name: 'Usage' })
        .getByRole('heading', { name: 'Pro (monthly)' })
        .waitFor();

      await plan.getByText('Yearly', { exact: true }).click();
      await plan.getByText('120,000 units / year').waitFor();
      await choosePlan(page, 'Choose Pro (yearly)');
      await plan.getByText('Pro (yearly)').waitFor();
      expect(
        [...stripe.subscriptions.values()].filter((s) => s.customer === customerOf(account.teamId)),
      ).toHaveLength(1);

      // The server's message when it gives one; 'Failed to change plan' when no answer came.
      await choosePlan(page, 'Choose Enterprise (yearly)');
      await plan.getByRole('alert').getByText('The plan enterprise_yearly has no price in Stripe').waitFor();
      await page.route('**/billing/change-plan', (route) => route.abort());
      await choosePlan(page, 'Choose Scale (yearly)');
      await plan.getByRole('alert').getByText('Failed to change plan', { exact: true }).waitFor();
      await page.unroute('**/billing/change-plan');
      await plan.getByText('Pro (yearly)').waitFor();

      // Invoices: the first subscription's, with its PDF.
      const invoices = page.getByRole('region', { name: 'Invoices' });
      const row = invoices.getByRole('row').filter({ hasText: 'TRAWL-' });
      await row.first().waitFor();
      expect(await row.first().textContent()).toContain('$29.00');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row
          .first()
          .getByRole('button', { name: /Download invoice TRAWL-\w+ as PDF/ })
          .click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^invoice-TRAWL-\w+\.pdf$/);
      expect(await readFile((await download.path())!, 'utf8')).toBe(PDF_BYTES);

      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await dialogButton(page, 'Cancel subscription').click();
      await plan.getByText(/Canceled: the plan ends on /).waitFor();
      await shots(page, 'settings-billing-stripe-canceling');
      await plan.getByRole('button', { name: 'Reactivate subscription' }).click();
      await plan.getByText(/Renews on /).waitFor();
      await plan.getByRole('button', { name: 'Cancel subscription' }).waitFor();
      expect(csp).toEqual([]);
    },
  );

  it(
    'sets a card with Stripe Elements: a declined card is Stripe’s message, then an accepted one shows',
    { timeout: 60_000 },
    async () => {
      const account = await createAccount(server, 'Card');
      const { page, csp } = await open(account);
      const payment = page.getByRole('region', { name: 'Payment method' });
      await payment.getByText('No card on file.').waitFor();
      await payment.getByRole('button', { name: 'Add card' }).click();
      const number = payment.getByLabel('Card number');
      await number.waitFor();
      expect(await page.evaluate(() => (window as { __stripeKeys?: string[] }).__stripeKeys)).toEqual([
        'pk_test_standin',
      ]);

      await payment.getByRole('button', { name: 'Save card' }).click();
      await payment.getByRole('alert').getByText('Your card number is incomplete.').waitFor();
      await number.fill('4000 0000 0000 0002');
      await payment.getByRole('button', { name: 'Save card' }).click();
      await payment.getByRole('alert').getByText('Your card was declined.').waitFor();
      await shots(page, 'settings-billing-stripe-card');
      await number.fill('4242 4242 4242 4242');
      await payment.getByRole('button', { name: 'Save card' }).click();
      await payment.getByText(/Visa ending in 4242, expires 12\/2030/).waitFor();
      await payment.getByRole('button', { name: 'Replace card' }).waitFor();

      // Billing details: Stripe's refusal is shown, then a good save sticks across a reload.
      const details = page.getByRole('region', { name: 'Billing details' });
      await details.getByLabel('Name').fill('Acme Ltd');
      await details.getByLabel('Billing email').fill('nobody@localhost');
      await details.getByRole('button', { name: 'Save billing details' }).click();
      await details.getByRole('alert').getByText('Invalid email address: nobody@localhost').waitFor();
      await details.getByLabel('Billing email').fill('billing@acme.example');
      await details.getByLabel('City').fill('Springfield');
      await details.getByRole('button', { name: 'Save billing details' }).click();
      await page.getByText('Billing details saved').waitFor();
      await page.reload();
      expect(
        await page.getByRole('region', { name: 'Billing details' }).getByLabel('City').inputValue(),
      ).toBe('Springfield');

      await choosePlan(page, 'Choose Starter (monthly)');
      await page
        .getByRole('region', { name: 'Invoices' })
        .getByRole('row')
        .filter({ hasText: 'TRAWL-' })
        .waitFor();
      await shots(page, 'settings-billing-stripe');
      expect(csp).toEqual([]);
    },
  );
});

function customerOf(teamId: string): string | undefined {
  return [...stripe.customers.values()].find((c) => (c.metadata as { teamId?: string }).teamId === teamId)
    ?.id as string | undefined;
}
