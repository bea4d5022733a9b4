// Billing through Stripe (SPEC.md section 7, /teams/{id}/billing): the team's Stripe customer and
// subscription, read and changed with the official client. Without Stripe configured, every call is 501.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppDeps } from '../app-env.js';
import { requireTeamWide, type AuthContext } from '../auth/bearer.js';
import { teams } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import { PLAN_IDS, unitsOf, type StripeConfig } from './config.js';
import type { BillingDto, BillingInfoResponse, InvoiceDto } from './schemas.js';
import { isStripeRequestError, stripeClient, stripeMessage } from './stripe-client.js';
import { applySubscription } from './subscription-sync.js';
import { readTeamUsage } from './usage.js';

type Team = typeof teams.$inferSelect;

/** The caller's own team, with Stripe: another team's id is a 404 first, then no Stripe is a 501. */
async function billedTeam(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
): Promise<{ team: Team; stripe: Stripe; config: StripeConfig }> {
  if (!isUuid(id) || id !== auth.teamId) throw notFound('Team');
  requireTeamWide(auth);
  const [team] = await deps.db.select().from(teams).where(eq(teams.id, id));
  if (!team) throw notFound('Team');
  const config = deps.config.stripe;
  if (!config)
    throw new ApiError(
      501,
      'billing_not_configured',
      'Billing is not configured on this server (no Stripe keys)',
    );
  return { team, stripe: stripeClient(config), config };
}

/** A Stripe call; an outage or a refusal Stripe gives no better answer for becomes a 502 with its message. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err: unknown) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(502, 'billing_provider_error', `Stripe: ${stripeMessage(err)}`);
  }
}

/** The team's Stripe customer, created on first need (once, even when two requests race to create it). */
async function customerOf(deps: AppDeps, stripe: Stripe, team: Team): Promise<string> {
  if (team.stripeCustomerId) return team.stripeCustomerId;
  const customer = await stripe.customers.create(
    { name: team.name, metadata: { teamId: team.id } },
    { idempotencyKey: `trawl-team-customer-${team.id}` },
  );
  await deps.db.update(teams).set({ stripeCustomerId: customer.id }).where(eq(teams.id, team.id));
  team.stripeCustomerId = customer.id;
  return customer.id;
}

function toCustomer(c: Stripe.Customer | Stripe.DeletedCustomer | null): BillingInfoResponse['customer'] {
  if (!c || c.deleted) return null;
  return {
    id: c.id,
    name: c.name ?? null,
    email: c.email ?? null,
    address: c.address
      ? {
          line1: c.address.line1 ?? null,
          line2: c.address.line2 ?? null,
          city: c.address.city ?? null,
          postalCode: c.address.postal_code ?? null,
          country: c.address.country ?? null,
        }
      : null,
  };
}

/** The customer's default card, however Stripe holds it (a source, or a payment method). */
function toCard(c: Stripe.Customer | Stripe.DeletedCustomer | null): BillingInfoResponse['card'] {
  if (!c || c.deleted) return null;
  const source = c.default_source as unknown as
    | { object?: string; brand?: string; last4?: string; exp_month?: number; exp_year?: number }
    | string
    | null;
  const pm = c.invoice_settings?.default_payment_method as unknown as {
    card?: Stripe.PaymentMethod.Card;
  } | null;
  if (source && typeof source === 'object' && source.last4)
    return {
      brand: source.brand ?? 'card',
      last4: source.last4,
      expMonth: source.exp_month ?? 0,
      expYear: source.exp_year ?? 0,
    };
  if (pm && typeof pm === 'object' && pm.card)
    return {
      brand: pm.card.brand,
      last4: pm.card.last4,
      expMonth: pm.card.exp_month,
      expYear: pm.card.exp_year,
    };
  return null;
}

const EXPAND = ['default_source', 'invoice_settings.default_payment_method'];

export async function getBilling(deps: AppDeps, auth: AuthContext, id: string): Promise<BillingDto> {
  const { team, stripe, config } = await billedTeam(deps, auth, id);
  const [customer, subscription, usage] = await Promise.all([
    team.stripeCustomerId
      ? call(() => stripe.customers.retrieve(team.stripeCustomerId!, { expand: EXPAND }))
      : null,
    team.stripeSubscriptionId ? call(() => stripe.subscriptions.retrieve(team.stripeSubscriptionId!)) : null,
    readTeamUsage(deps.db, team.id),
  ]);
  const periodEnd = subscription?.items.data[0]?.current_period_end;
  return {
    planId: team.priceLookupKey,
    status: team.stripeSubscriptionStatus,
    cancelAtPeriodEnd: subscription?.cancel_at_period_end ?? false,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
    usageUsed: usage?.usageUsed ?? team.usageUsed,
    maxUsage: usage?.maxUsage ?? null,
    usagePeriodStart: (usage?.usagePeriodStart ?? team.usagePeriodStart).toISOString(),
    customer: toCustomer(customer),
    card: toCard(customer),
    plans: PLAN_IDS.map((planId) => ({ id: planId, units: unitsOf(deps.config.billing, planId) ?? 0 })),
    publishableKey: config.publishableKey,
  };
}

/** Stripe refusing the change is an answer, not a failure: `errorMessage` says why ('Unknown error' without a reason). */
async function billingInfoAfter(
  work: () => Promise<Stripe.Customer | Stripe.DeletedCustomer>,
): Promise<BillingInfoResponse> {
  try {
    const customer = await work();
    return { customer: toCustomer(customer), card: toCard(customer), errorMessage: null };
  } catch (err: unknown) {
    if (!isStripeRequestError(err))
      throw new ApiError(502, 'billing_provider_error', `Stripe: ${stripeMessage(err)}`);
    return { customer: null, card: null, errorMessage: stripeMessage(err) };
  }
}

export async function updateBillingInfo(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  body: {
    name?: string;
    email?: string;
    address?: { line1?: string; line2?: string; city?: string; postalCode?: string; country?: string };
  },
): Promise<BillingInfoResponse> {
  const { team, stripe } = await billedTeam(deps, auth, id);
  return billingInfoAfter(async () => {
    const customerId = await customerOf(deps, stripe, team);
    const { postalCode, ...address } = body.address ?? {};
    return stripe.customers.update(customerId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.address ? { address: { ...address, postal_code: postalCode } } : {}),
      expand: EXPAND,
    });
  });
}

export async function setPaymentSource(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  tokenId: string,
): Promise<BillingInfoResponse> {
  const { team, stripe } = await billedTeam(deps, auth, id);
  return billingInfoAfter(async () => {
    const customerId = await customerOf(deps, stripe, team);
    const source = await stripe.customers.createSource(customerId, { source: tokenId });
    return stripe.customers.update(customerId, { default_source: source.id, expand: EXPAND });
  });
}

/** Puts the team on `planId`: a new subscription, or the existing one moved to the plan's price. */
export async function changePlan(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  planId: string,
): Promise<BillingDto> {
  const { team, stripe } = await billedTeam(deps, auth, id);
  const prices = await call(() => stripe.prices.list({ lookup_keys: [planId], active: true, limit: 1 }));
  const price = prices.data[0];
  if (!price) throw new ApiError(409, 'plan_unavailable', `The plan ${planId} has no price in Stripe`);
  const current = team.stripeSubscriptionId
    ? await call(() => stripe.subscriptions.retrieve(team.stripeSubscriptionId!))
    : null;
  const live = current && !['canceled', 'incomplete_expired'].includes(current.status) ? current : null;
  const subscription = await call(async () => {
    if (live) {
      const item = live.items.data[0];
      return stripe.subscriptions.update(live.id, {
        items: [item ? { id: item.id, price: price.id } : { price: price.id }],
        cancel_at_period_end: false,
        proration_behavior: 'create_prorations',
        metadata: { teamId: team.id },
      });
    }
    const customer = await customerOf(deps, stripe, team);
    return stripe.subscriptions.create({
      customer,
      items: [{ price: price.id }],
      metadata: { teamId: team.id },
    });
  });
  await applySubscription(deps.db, deps.config.billing, subscription);
  return getBilling(deps, auth, id);
}

/** Cancels at the end of the paid period; until then the plan stays, and reactivating undoes it. */
export async function cancelSubscription(deps: AppDeps, auth: AuthContext, id: string): Promise<BillingDto> {
  const { team, stripe } = await billedTeam(deps, auth, id);
  if (
    !team.stripeSubscriptionId ||
    ['canceled', 'incomplete_expired'].includes(team.stripeSubscriptionStatus ?? '')
  )
    throw new ApiError(409, 'no_subscription', 'The team has no subscription to cancel');
  const subscription = await call(() =>
    stripe.subscriptions.update(team.stripeSubscriptionId!, { cancel_at_period_end: true }),
  );
  await applySubscription(deps.db, deps.config.billing, subscription);
  return getBilling(deps, auth, id);
}

/** Undoes a cancellation, or, once the subscription has ended, subscribes again to the same plan. */
export async function reactivateSubscription(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
): Promise<BillingDto> {
  const { team, stripe } = await billedTeam(deps, auth, id);
  if (!team.stripeSubscriptionId || !team.priceLookupKey)
    throw new ApiError(409, 'no_subscription', 'The team has no subscription to reactivate; choose a plan');
  const current = await call(() => stripe.subscriptions.retrieve(team.stripeSubscriptionId!));
  if (['canceled', 'incomplete_expired', 'unpaid'].includes(current.status))
    return changePlan(deps, auth, id, team.priceLookupKey);
  const subscription = await call(() =>
    stripe.subscriptions.update(current.id, { cancel_at_period_end: false }),
  );
  await applySubscription(deps.db, deps.config.billing, subscription);
  return getBilling(deps, auth, id);
}

export async function listInvoices(deps: AppDeps, auth: AuthContext, id: string): Promise<InvoiceDto[]> {
  const { team, stripe } = await billedTeam(deps, auth, id);
  if (!team.stripeCustomerId) return [];
  const invoices = await call(() => stripe.invoices.list({ customer: team.stripeCustomerId!, limit: 100 }));
  return invoices.data.map((i) => ({
    id: i.id ?? '',
    number: i.number ?? null,
    status: i.status ?? null,
    amountDue: i.amount_due,
    amountPaid: i.amount_paid,
    currency: i.currency,
    createdAt: new Date(i.created * 1000).toISOString(),
    hasPdf: Boolean(i.invoice_pdf),
  }));
}

/** The invoice's PDF, fetched from Stripe for the browser; another customer's invoice is a 404. */
export async function invoicePdf(
  deps: AppDeps,
  auth: AuthContext,
  id: string,
  invoiceId: string,
): Promise<{ body: ArrayBuffer; filename: string }> {
  const { team, stripe } = await billedTeam(deps, auth, id);
  if (!/^in_\w+$/.test(invoiceId) || !team.stripeCustomerId) throw notFound('Invoice');
  let invoice: Stripe.Invoice;
  try {
    invoice = await stripe.invoices.retrieve(invoiceId);
  } catch (err: unknown) {
    if ((err as { statusCode?: number }).statusCode === 404) throw notFound('Invoice');
    throw new ApiError(502, 'billing_provider_error', `Stripe: ${stripeMessage(err)}`);
  }
  const customer = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  if (customer !== team.stripeCustomerId) throw notFound('Invoice');
  if (!invoice.invoice_pdf) throw new ApiError(409, 'invoice_pdf_unavailable', 'This invoice has no PDF yet');
  const res = await fetch(invoice.invoice_pdf, { signal: AbortSignal.timeout(30_000) }).catch(
    (err: unknown) => {
      throw new ApiError(
        502,
        'billing_provider_error',
        `Stripe: the invoice PDF could not be fetched (${String(err)})`,
      );
    },
  );
  if (!res.ok)
    throw new ApiError(502, 'billing_provider_error', `Stripe: the invoice PDF answered ${res.status}`);
  return { body: await res.arrayBuffer(), filename: `invoice-${invoice.number ?? invoice.id}.pdf` };
}

/** Ends the team's subscription at once, as the team is being deleted. */
export async function cancelForDeletedTeam(deps: AppDeps, teamId: string): Promise<void> {
  const config = deps.config.stripe;
  if (!config) return;
  const [team] = await deps.db.select().from(teams).where(eq(teams.id, teamId));
  if (
    !team?.stripeSubscriptionId ||
    ['canceled', 'incomplete_expired'].includes(team.stripeSubscriptionStatus ?? '')
  )
    return;
  await call(() => stripeClient(config).subscriptions.cancel(team.stripeSubscriptionId!));
}
