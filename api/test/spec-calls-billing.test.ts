// The billing calls of SPEC.md section 7, walked from one table on a server without Stripe (the embedded
// default): each is 501 billing_not_configured for the caller's team, 404 for another team's id, and 401
// without credentials; the webhook is 501 too. Usage is still counted and shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamWithToken, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let otherTeamId: string;

beforeAll(async () => {
  server = await startTestServer();
  otherTeamId = (await createTeamWithToken(server.server.database)).teamId;
});
afterAll(async () => {
  await server?.close();
});

const CALLS: Array<{ method: string; path: (teamId: string) => string; body?: unknown }> = [
  { method: 'GET', path: (t) => `/teams/${t}/billing` },
  { method: 'PUT', path: (t) => `/teams/${t}/billing/billing-info`, body: { name: 'Acme' } },
  { method: 'POST', path: (t) => `/teams/${t}/billing/payment-source`, body: { tokenId: 'tok_visa' } },
  { method: 'POST', path: (t) => `/teams/${t}/billing/change-plan`, body: { planId: 'pro_monthly' } },
  { method: 'POST', path: (t) => `/teams/${t}/billing/cancel-subscription` },
  { method: 'POST', path: (t) => `/teams/${t}/billing/reactivate-subscription` },
  { method: 'GET', path: (t) => `/teams/${t}/billing/invoices` },
  { method: 'GET', path: (t) => `/teams/${t}/billing/invoices/in_123/pdf` },
];

const send = (call: (typeof CALLS)[number], teamId: string, token?: string) =>
  fetch(`${server.url}${call.path(teamId)}`, {
    method: call.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(call.body ? { 'content-type': 'application/json' } : {}),
    },
    body: call.body ? JSON.stringify(call.body) : undefined,
  });

describe('the billing calls without Stripe', () => {
  const named = CALLS.map((call) => ({ ...call, name: `${call.method} ${call.path('{id}')}` }));
  it.each(named)('$name: 501 for the own team, 404 for another, 401 without credentials', async (call) => {
    const own = await send(call, server.teamId, server.token);
    expect(own.status).toBe(501);
    expect(await own.json()).toEqual({
      code: 'billing_not_configured',
      message: 'Billing is not configured on this server (no Stripe keys)',
    });
    const other = await send(call, otherTeamId, server.token);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'not_found' });
    expect((await send(call, server.teamId)).status).toBe(401);
  });

  it('answers the webhook 501 too', async () => {
    const res = await fetch(`${server.url}/billing/webhook`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(501);
    expect(await res.json()).toMatchObject({ code: 'billing_not_configured' });
  });

  it('shows usage on the team, unlimited by default', async () => {
    const res = await fetch(`${server.url}/teams/${server.teamId}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(await res.json()).toMatchObject({ usageUsed: 0, maxUsage: null, stripeSubscriptionStatus: null });
  });
});
