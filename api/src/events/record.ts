import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { events } from '../db/schema.js';
import { isUuid } from '../ids.js';

export type EventType = (typeof events.$inferSelect)['type'];

/** The channel a committed change is announced on; its payload is `<teamId>:<crawlId>` (no crawl id for a team's own events). */
export const EVENTS_CHANNEL = 'trawl_events';

/** Reads a notification's payload; anything else on the channel is ignored. */
export function parseNotification(payload: string): { teamId: string; crawlId: string | null } | null {
  const [teamId = '', crawlId = ''] = payload.split(':');
  if (!isUuid(teamId) || (crawlId && !isUuid(crawlId))) return null;
  return { teamId, crawlId: crawlId || null };
}

/**
 * Records events in the caller's transaction and announces them: NOTIFY is delivered on commit, so a
 * listener never hears of a change it cannot read yet, and never misses one that committed.
 */
export async function recordEvents(
  tx: Transaction | Database,
  scope: { teamId: string; crawlId: string | null },
  items: Array<{ type: EventType; refId?: string | null }>,
): Promise<void> {
  if (items.length === 0) return;
  await tx.execute(sql`
    insert into ${events} (team_id, crawl_id, type, ref_id)
    select ${scope.teamId}, ${scope.crawlId}::uuid, t::event_type, r
    from unnest(${sql.param(items.map((i) => i.type))}::text[], ${sql.param(items.map((i) => i.refId ?? null))}::uuid[]) with ordinality as x(t, r, n)
    order by n`);
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${`${scope.teamId}:${scope.crawlId ?? ''}`})`);
}
