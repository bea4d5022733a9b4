import { eq } from 'drizzle-orm';
import { teams } from '../src/db/schema.js';
import type { TestServer } from './harness.js';

/** Puts a team's usage, budget and subscription state where a test needs them (console and CLI suites). */
export async function setTeamBilling(
  server: TestServer,
  teamId: string,
  values: { usageUsed?: number; maxUsage?: number | null; stripeSubscriptionStatus?: string | null },
): Promise<void> {
  await server.server.deps.db.update(teams).set(values).where(eq(teams.id, teamId));
}

/** Changes a team's subscription status and announces it, as Stripe's webhook does, on the team's sockets. */
export async function changeSubscriptionStatus(
  server: TestServer,
  teamId: string,
  status: string,
): Promise<void> {
  const { recordEvents } = await import('../src/events/record.js');
  await server.server.deps.db.transaction(async (tx) => {
    await tx.update(teams).set({ stripeSubscriptionStatus: status }).where(eq(teams.id, teamId));
    await recordEvents(tx, { teamId, crawlId: null }, [{ type: 'SUBSCRIPTION_CHANGED_EVENT' }]);
  });
}
