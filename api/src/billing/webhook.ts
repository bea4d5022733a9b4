// Stripe's webhook: every delivery is verified against STRIPE_WEBHOOK_SECRET over the raw body, applied
// once (stripe_events remembers what was applied, in the same transaction), and answered 200.
import type Stripe from 'stripe';
import type { AppDeps } from '../app-env.js';
import { stripeEvents } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { stripeClient } from './stripe-client.js';
import { applySubscription } from './subscription-sync.js';

export async function receiveWebhook(
  deps: AppDeps,
  payload: string,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const config = deps.config.stripe;
  if (!config)
    throw new ApiError(
      501,
      'billing_not_configured',
      'Billing is not configured on this server (no Stripe keys)',
    );
  const stripe = stripeClient(config);
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('No Stripe-Signature header');
    event = await stripe.webhooks.constructEventAsync(payload, signature, config.webhookSecret);
  } catch (err: unknown) {
    throw new ApiError(
      400,
      'invalid_signature',
      `The webhook signature is not valid: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  // An invoice event is applied through its subscription as Stripe has it now.
  const subscription = await subscriptionOf(stripe, event);
  return deps.db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (fresh.length === 0) return { received: true as const, duplicate: true };
    if (subscription) await applySubscription(tx, deps.config.billing, subscription);
    return { received: true as const, duplicate: false };
  });
}

async function subscriptionOf(stripe: Stripe, event: Stripe.Event): Promise<Stripe.Subscription | null> {
  if (event.type.startsWith('customer.subscription.')) return event.data.object as Stripe.Subscription;
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = event.data.object as Stripe.Invoice;
    const ref = invoice.parent?.subscription_details?.subscription;
    const id = typeof ref === 'string' ? ref : ref?.id;
    return id ? stripe.subscriptions.retrieve(id) : null;
  }
  return null;
}
