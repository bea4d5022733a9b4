import { eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database, Transaction } from '../db/client.js';
import { teams } from '../db/schema.js';
import { recordEvents } from '../events/record.js';
import { isUuid } from '../ids.js';
import { unitsOf, type BillingConfig } from './config.js';

/** States in which a subscription's plan gives the team its units; otherwise the server's default applies. */
const PAID_STATES = new Set(['active', 'trialing', 'past_due']);

/**
 * Brings the team in line with its Stripe subscription: status, plan, budget and period (a new period
 * starts the usage count over), and tells the team's consoles with SUBSCRIPTION_CHANGED_EVENT. Applying the
 * same subscription twice changes nothing more. Returns the team's id, or null when no team has it.
 */
export async function applySubscription(
  db: Database | Transaction,
  config: BillingConfig,
  subscription: Stripe.Subscription,
): Promise<string | null> {
  const customerId =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const teamId = subscription.metadata?.teamId;
  const [team] = await db
    .select()
    .from(teams)
    .where(
      teamId && isUuid(teamId)
        ? or(eq(teams.id, teamId), eq(teams.stripeCustomerId, customerId))
        : eq(teams.stripeCustomerId, customerId),
    )
    .limit(1);
  if (!team) return null;
  // A late event about a subscription the team has since replaced says nothing about the team.
  if (
    team.stripeSubscriptionId &&
    team.stripeSubscriptionId !== subscription.id &&
    subscription.status === 'canceled'
  )
    return team.id;
  const item = subscription.items.data[0];
  const planId = item?.price.lookup_key ?? team.priceLookupKey;
  const periodStart = item?.current_period_start ? new Date(item.current_period_start * 1000) : null;
  const newPeriod = periodStart !== null && periodStart.getTime() > team.usagePeriodStart.getTime();
  await db
    .update(teams)
    .set({
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscription.id,
      stripeSubscriptionStatus: subscription.status,
      priceLookupKey: planId,
      maxUsage: PAID_STATES.has(subscription.status) ? unitsOf(config, planId) : null,
      ...(newPeriod ? { usagePeriodStart: periodStart, usageUsed: 0 } : {}),
    })
    .where(eq(teams.id, team.id));
  await recordEvents(db, { teamId: team.id, crawlId: null }, [{ type: 'SUBSCRIPTION_CHANGED_EVENT' }]);
  return team.id;
}
