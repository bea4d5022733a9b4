// Billing through Stripe, with the real `stripe` client against a stand-in on 127.0.0.1: billing details,
// card, plan changes, cancel and reactivate, invoices and their PDFs; the webhook's signature check,
// idempotent replays and the event reaching a connected socket; deleting a team ends its subscription.
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, teams } from '../src/db/schema.js';
import { signUp } from './browser-session.js';
import { createTeamWithToken, startTestServer, type TestServer } from './harness.js';
import { PDF_BYTES, STRIPE_TEST_ENV, startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

let server: TestServer;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn(['starter_monthly', 'pro_monthly', 'pro_yearly', 'scale_monthly']);
  server = await startTestServer({ env: { ...STRIPE_TEST_ENV(stripe), TRAWL_PLAN_UNITS: 'pro=5000' } });
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

async function call(method: string, path: string, body?: unknown, token = server.token): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}
async function ok<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  const body = (await r.json()) as T;
  expect(r.status, JSON.stringify(body)).toBe(200);
  return body;
}

const billing = (teamId = server.teamId) => `/teams/${teamId}/billing`;
const db = () => server.server.deps.db;

function signed(event: object, secret = 'whsec_standin'): { payload: string; header: string } {
  const payload = JSON.stringify(event);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
const webhook = (payload: string, header?: string) =>
  fetch(`${server.url}/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
    body: payload,
  });

describe('billing with Stripe', () => {
  it('reads billing before anything is set: no plan, no customer, the plans with their units', async () => {
    const body = await ok<{
      planId: null;
      customer: null;
      plans: Array<{ id: string; units: number }>;
      publishableKey: string;
      maxUsage: number;
    }>(call('GET', billing()));
    expect(body).toMatchObject({
      planId: null,
      customer: null,
      card: null,
      publishableKey: 'pk_test_standin',
    });
    expect(body.plans).toHaveLength(8);
    expect(body.plans).toContainEqual({ id: 'pro_monthly', units: 5000 });
    expect(body.plans).toContainEqual({ id: 'pro_yearly', units: 60_000 });
    // With Stripe on, a team without a plan has the free allowance.
    expect(body.maxUsage).toBe(100);
  });

  it("updates billing details on the team's Stripe customer, and passes Stripe's refusals on as errorMessage", async () => {
    const body = await ok<{
      customer: { name: string; email: string; address: { city: string } };
      errorMessage: null;
    }>(
      call('PUT', `${billing()}/billing-info`, {
        name: 'Acme Ltd',
        email: 'billing@acme.example',
        address: { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
      }),
    );
    expect(body).toMatchObject({
      customer: { name: 'Acme Ltd', email: 'billing@acme.example', address: { city: 'Springfield' } },
      errorMessage: null,
    });
    const customer = [...stripe.customers.values()].find(
      (c) => (c.metadata as { teamId: string }).teamId === server.teamId,
    );
    expect(customer).toBeDefined();

    const refused = await ok<{ errorMessage: string; customer: null }>(
      call('PUT', `${billing()}/billing-info`, { email: 'nobody@localhost' }),
    );
    expect(refused).toMatchObject({
      customer: null,
      errorMessage: 'Invalid email address: nobody@localhost',
    });

    const bad = await call('PUT', `${billing()}/billing-info`, { email: 'not an email' });
    expect(bad.status).toBe(400);
  });

  it("sets the card from a Stripe.js token; a declined card is Stripe's message, one without a message 'Unknown error'", async () => {
    expect(await ok(call('POST', `${billing()}/payment-source`, { tokenId: 'tok_visa' }))).toMatchObject({
      card: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2030 },
      errorMessage: null,
    });
    expect(
      await ok(call('POST', `${billing()}/payment-source`, { tokenId: 'tok_chargeDeclined' })),
    ).toMatchObject({
      errorMessage: 'Your card was declined.',
    });
    expect(await ok(call('POST', `${billing()}/payment-source`, { tokenId: 'tok_noMessage' }))).toMatchObject(
      {
        errorMessage: 'Unknown error',
      },
    );
    const missing = await call('POST', `${billing()}/payment-source`, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'validation_error' });
  });

  it('changes plan, which sets the budget, and cancels and reactivates the subscription', async () => {
    const changed = await ok<{ planId: string; status: string; maxUsage: number }>(
      call('POST', `${billing()}/change-plan`, { planId: 'pro_monthly' }),
    );
    expect(changed).toMatchObject({
      planId: 'pro_monthly',
      status: 'active',
      maxUsage: 5000,
      cancelAtPeriodEnd: false,
    });
    expect(await ok(call('GET', `/teams/${server.teamId}`))).toMatchObject({
      priceLookupKey: 'pro_monthly',
      stripeSubscriptionStatus: 'active',
      maxUsage: 5000,
    });

    const yearly = await ok(call('POST', `${billing()}/change-plan`, { planId: 'pro_yearly' }));
    expect(yearly).toMatchObject({ planId: 'pro_yearly', maxUsage: 60_000 });
    expect(stripe.subscriptions.size).toBe(1);

    const unknown = await call('POST', `${billing()}/change-plan`, { planId: 'enterprise_yearly' });
    expect(unknown.status).toBe(409);
    expect(await unknown.json()).toMatchObject({ code: 'plan_unavailable' });
    const invalid = await call('POST', `${billing()}/change-plan`, { planId: 'gold' });
    expect(invalid.status).toBe(400);

    expect(await ok(call('POST', `${billing()}/cancel-subscription`))).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    expect(await ok(call('POST', `${billing()}/reactivate-subscription`))).toMatchObject({
      cancelAtPeriodEnd: false,
      status: 'active',
    });
  });

  it("lists invoices and serves an invoice's PDF; another customer's invoice is a 404", async () => {
    const invoices = await ok<Array<{ id: string; hasPdf: boolean; amountDue: number }>>(
      call('GET', `${billing()}/invoices`),
    );
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices[0]).toMatchObject({ hasPdf: true, amountDue: 2900, currency: 'usd' });
    const pdf = await call('GET', `${billing()}/invoices/${invoices[0]!.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/attachment; filename="invoice-TRAWL-/);
    expect(await pdf.text()).toBe(PDF_BYTES);

    stripe.invoices.set('in_foreign', {
      id: 'in_foreign',
      object: 'invoice',
      customer: 'cus_someone_else',
      invoice_pdf: `${stripe.url}/files/x.pdf`,
      created: 0,
    });
    expect((await call('GET', `${billing()}/invoices/in_foreign/pdf`)).status).toBe(404);
    expect((await call('GET', `${billing()}/invoices/in_missing/pdf`)).status).toBe(404);
  });
});

describe("Stripe's webhook", () => {
  it('rejects a payload whose signature does not verify, or that has none', async () => {
    const event = {
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: {} },
    };
    const forged = signed(event, 'whsec_not_the_secret');
    const res = await webhook(forged.payload, forged.header);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_signature' });
    // A valid signature over other bytes.
    const good = signed(event);
    expect((await webhook(good.payload.replace('updated', 'deleted'), good.header)).status).toBe(400);
    expect((await webhook(good.payload)).status).toBe(400);
  });

  it('applies a subscription event once, however often it is delivered, and tells connected sockets', async () => {
    const [team] = await db().select().from(teams).where(eq(teams.id, server.teamId));
    const subscription = stripe.subscriptions.get(team!.stripeSubscriptionId!)!;
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/events`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    const received: Array<{ type: string; team?: { id: string } }> = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string; team?: { id: string } };
        received.push(message);
        if (message.type === 'ready') resolve();
      });
      ws.once('error', reject);
    });

    const nextPeriod = Math.floor(Date.now() / 1000) + 5;
    await db().update(teams).set({ usageUsed: 42 }).where(eq(teams.id, server.teamId));
    const event = {
      id: 'evt_period_2',
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          ...subscription,
          status: 'past_due',
          items: {
            object: 'list',
            data: [
              { ...(subscription.items as { data: object[] }).data[0], current_period_start: nextPeriod },
            ],
          },
        },
      },
    };
    const { payload, header } = signed(event);
    expect(await ok(webhook(payload, header))).toEqual({ received: true, duplicate: false });
    const [after] = await db().select().from(teams).where(eq(teams.id, server.teamId));
    expect(after).toMatchObject({ stripeSubscriptionStatus: 'past_due', usageUsed: 0 });
    expect(after!.usagePeriodStart.getTime()).toBe(nextPeriod * 1000);

    // Replayed: nothing changes, no second event.
    await db().update(teams).set({ usageUsed: 7 }).where(eq(teams.id, server.teamId));
    const count = async () =>
      (
        await db()
          .select()
          .from(events)
          .where(and(eq(events.teamId, server.teamId), eq(events.type, 'SUBSCRIPTION_CHANGED_EVENT')))
      ).length;
    const before = await count();
    expect(await ok(webhook(payload, header))).toEqual({ received: true, duplicate: true });
    expect(await count()).toBe(before);
    expect((await db().select().from(teams).where(eq(teams.id, server.teamId)))[0]!.usageUsed).toBe(7);

    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      if (received.some((m) => m.type === 'SUBSCRIPTION_CHANGED_EVENT')) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(received.filter((m) => m.type === 'SUBSCRIPTION_CHANGED_EVENT').at(-1)).toMatchObject({
      team: { id: server.teamId },
    });
    ws.close();

    // A canceled subscription takes the plan's budget away.
    const canceled = signed({
      ...event,
      id: 'evt_canceled',
      type: 'customer.subscription.deleted',
      data: { object: { ...event.data.object, status: 'canceled' } },
    });
    await ok(webhook(canceled.payload, canceled.header));
    expect(await ok(call('GET', `/teams/${server.teamId}`))).toMatchObject({
      stripeSubscriptionStatus: 'canceled',
      maxUsage: 100,
    });
  });

  it('cancels the subscription of a team that is deleted', async () => {
    const { browser, user } = await signUp(server.url);
    const teamId = user.teams[0]!.id;
    await browser.expect(200, 'POST', `/teams/${teamId}/billing/change-plan`, {
      body: { planId: 'starter_monthly' },
      csrf: true,
    });
    const [team] = await db().select().from(teams).where(eq(teams.id, teamId));
    await browser.expect(204, 'DELETE', `/teams/${teamId}`, { csrf: true });
    expect(stripe.subscriptions.get(team!.stripeSubscriptionId!)).toMatchObject({ status: 'canceled' });
  });

  it("answers 404 for another team's billing", async () => {
    const other = await createTeamWithToken(server.server.database);
    expect((await call('GET', billing(other.teamId))).status).toBe(404);
  });
});
