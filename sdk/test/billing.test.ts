// The SDK's billing methods against the real server, whose real `stripe` client talks to a Stripe stand-in
// on 127.0.0.1; and a server without Stripe, where every call is a 501 `billing_not_configured`.
import { startTestServer, type TestServer } from '@trawl/api/testing';
import {
  PDF_BYTES,
  STRIPE_TEST_ENV,
  startStripeStandIn,
  type StripeStandIn,
} from '@trawl/api/testing/stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrawlApiError, createTrawlClient, type TrawlClient } from '../src/index.js';

let stripe: StripeStandIn;
let server: TestServer;
let plain: TestServer;
let trawl: TrawlClient;

beforeAll(async () => {
  stripe = await startStripeStandIn(['pro_monthly', 'pro_yearly']);
  [server, plain] = await Promise.all([startTestServer({ env: STRIPE_TEST_ENV(stripe) }), startTestServer()]);
  trawl = createTrawlClient({ baseUrl: server.url, token: server.token });
});
afterAll(async () => {
  await server?.close();
  await plain?.close();
  await stripe?.close();
});

describe('billing in the SDK', () => {
  it('reads billing with the publishable key and the plans', async () => {
    const billing = await trawl.billing.get(server.teamId);
    expect(billing).toMatchObject({
      planId: null,
      customer: null,
      card: null,
      publishableKey: 'pk_test_standin',
    });
    expect(billing.plans.map((p) => p.id)).toContain('pro_yearly');
  });

  it('updates billing details and sets a card, passing on Stripe’s refusals', async () => {
    const info = await trawl.billing.updateInfo(server.teamId, {
      name: 'Acme Ltd',
      email: 'billing@acme.example',
    });
    expect(info).toMatchObject({ customer: { name: 'Acme Ltd' }, errorMessage: null });
    expect(await trawl.billing.setPaymentSource(server.teamId, 'tok_visa')).toMatchObject({
      card: { brand: 'Visa', last4: '4242' },
      errorMessage: null,
    });
    expect(await trawl.billing.setPaymentSource(server.teamId, 'tok_chargeDeclined')).toMatchObject({
      errorMessage: 'Your card was declined.',
    });
  });

  it('changes plan, cancels and reactivates; a plan Stripe has no price for is a 409', async () => {
    expect(await trawl.billing.changePlan(server.teamId, 'pro_monthly')).toMatchObject({
      planId: 'pro_monthly',
      status: 'active',
    });
    expect(await trawl.billing.changePlan(server.teamId, 'pro_yearly')).toMatchObject({
      planId: 'pro_yearly',
    });
    const refused = await trawl.billing.changePlan(server.teamId, 'scale_monthly').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TrawlApiError);
    expect(refused).toMatchObject({ status: 409, code: 'plan_unavailable' });
    expect(await trawl.billing.cancel(server.teamId)).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await trawl.billing.reactivate(server.teamId)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('lists invoices and downloads a PDF as a Blob', async () => {
    const invoices = await trawl.billing.invoices(server.teamId);
    expect(invoices[0]).toMatchObject({ hasPdf: true, amountDue: 2900, currency: 'usd' });
    const pdf = await trawl.billing.invoicePdf(server.teamId, invoices[0]!.id);
    expect(pdf).toBeInstanceOf(Blob);
    expect(await pdf.text()).toBe(PDF_BYTES);
    await expect(trawl.billing.invoicePdf(server.teamId, 'in_missing')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('rejects with a 501 billing_not_configured on a server without Stripe', async () => {
    const other = createTrawlClient({ baseUrl: plain.url, token: plain.token });
    await expect(other.billing.get(plain.teamId)).rejects.toMatchObject({
      status: 501,
      code: 'billing_not_configured',
    });
  });
});
