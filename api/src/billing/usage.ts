// Usage metering: one unit per crawl result stored, counted in the batch commit that stores it, against
// the team's budget for its billing period. Pages that failed, were blocked, empty or duplicates are never
// stored, so they never count; the public try-out's team counts nothing.
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { billingDefaults, teams } from '../db/schema.js';
import { ApiError } from '../errors.js';

/** The log line of a crawl its team's budget stopped. */
export const USAGE_STOP_MESSAGE = 'Crawl stopped: usage limit reached';

/** Subscription states in which Stripe's period, not the monthly one from the team's creation, applies. */
const STRIPE_PERIOD_STATES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

type TeamUsageRow = Pick<
  typeof teams.$inferSelect,
  | 'id'
  | 'usageUsed'
  | 'maxUsage'
  | 'usagePeriodStart'
  | 'createdAt'
  | 'stripeSubscriptionId'
  | 'stripeSubscriptionStatus'
  | 'isPublic'
>;

const usageColumns = {
  id: teams.id,
  usageUsed: teams.usageUsed,
  maxUsage: teams.maxUsage,
  usagePeriodStart: teams.usagePeriodStart,
  createdAt: teams.createdAt,
  stripeSubscriptionId: teams.stripeSubscriptionId,
  stripeSubscriptionStatus: teams.stripeSubscriptionStatus,
  isPublic: teams.isPublic,
};

/** Adds months in UTC, keeping the day of the month where the month has it (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** The start of the monthly period, counted from `anchor`, that `now` falls in. */
export function monthlyPeriodStart(anchor: Date, now: Date): Date {
  let months =
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (months > 0 && addMonths(anchor, months) > now) months--;
  return addMonths(anchor, Math.max(0, months));
}

/** The team's usage in its current period: a period that has ended without Stripe starts over at zero. */
export function currentUsage(team: TeamUsageRow, now = new Date()): { used: number; periodStart: Date } {
  if (team.stripeSubscriptionId && STRIPE_PERIOD_STATES.has(team.stripeSubscriptionStatus ?? ''))
    return { used: team.usageUsed, periodStart: team.usagePeriodStart };
  const periodStart = monthlyPeriodStart(team.createdAt, now);
  return periodStart > team.usagePeriodStart
    ? { used: 0, periodStart }
    : { used: team.usageUsed, periodStart: team.usagePeriodStart };
}

/** The team's budget per period: its own (its plan's), else the server's default; null is unlimited. */
async function budgetOf(tx: Transaction | Database, team: TeamUsageRow): Promise<number | null> {
  if (team.maxUsage !== null) return team.maxUsage;
  const [row] = await tx
    .select({ maxUsage: billingDefaults.maxUsage })
    .from(billingDefaults)
    .where(eq(billingDefaults.id, 'default'));
  return row?.maxUsage ?? null;
}

/** Records the server's TRAWL_MAX_USAGE where every process that commits batches reads it. */
export async function saveDefaultBudget(db: Database, maxUsage: number | null): Promise<void> {
  await db
    .insert(billingDefaults)
    .values({ id: 'default', maxUsage })
    .onConflictDoUpdate({ target: billingDefaults.id, set: { maxUsage, updatedAt: sql`now()` } });
}

export interface TeamUsage {
  usageUsed: number;
  /** Null: unlimited. */
  maxUsage: number | null;
  usagePeriodStart: Date;
}

/** What a team has used of its budget this period, as the team read and the billing screen show it. */
export async function readTeamUsage(db: Database, teamId: string): Promise<TeamUsage | null> {
  const [team] = await db.select(usageColumns).from(teams).where(eq(teams.id, teamId));
  if (!team) return null;
  const { used, periodStart } = currentUsage(team);
  const maxUsage = team.isPublic ? null : await budgetOf(db, team);
  return { usageUsed: used, maxUsage, usagePeriodStart: periodStart };
}

/** Refuses a new crawl with a 402 `usage_exceeded` when the team has no budget left this period. */
export async function assertBudgetLeft(db: Database, teamId: string): Promise<void> {
  const usage = await readTeamUsage(db, teamId);
  if (!usage || usage.maxUsage === null || usage.usageUsed < usage.maxUsage) return;
  throw new ApiError(
    402,
    'usage_exceeded',
    `Usage full: your team has used all ${usage.maxUsage} units of this billing period. Upgrade your plan or wait for the next billing cycle.`,
  );
}

export interface BatchBudget {
  /** How many more results the team may store; Infinity when unlimited. */
  room: number;
  /** Counts `stored` results against the team; true when that spent its budget. */
  charge(stored: number): Promise<boolean>;
}

/**
 * Locks the team's row for the rest of the commit's transaction, so that concurrent crawls of one team
 * take their budget one after the other and can never overspend it together, and returns the room left.
 */
export async function lockBudget(tx: Transaction, teamId: string): Promise<BatchBudget> {
  const [team] = await tx.select(usageColumns).from(teams).where(eq(teams.id, teamId)).for('no key update');
  if (!team || team.isPublic) return { room: Infinity, charge: async () => false };
  const { used, periodStart } = currentUsage(team);
  const budget = await budgetOf(tx, team);
  const room = budget === null ? Infinity : Math.max(0, budget - used);
  return {
    room,
    async charge(stored) {
      if (stored > 0 || periodStart.getTime() !== team.usagePeriodStart.getTime())
        await tx
          .update(teams)
          .set({ usageUsed: used + stored, usagePeriodStart: periodStart })
          .where(eq(teams.id, teamId));
      return budget !== null && used + stored >= budget;
    },
  };
}
