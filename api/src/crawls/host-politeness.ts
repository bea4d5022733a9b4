import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { SharedPoliteness } from '@trawl/workflows';
import type { Database } from '../db/client.js';
import { hostPacing, hostSlots } from '../db/schema.js';
import { rowsOf } from './commit-batch.js';

/**
 * Per-host politeness shared by every crawl worker through the database: a host's request slots (at
 * most its limit held at once, each freed by its request or by its lease running out) and the start time
 * of its next request when it asks for a Crawl-delay. One statement each, atomic without locks held
 * across requests; the database's clock decides, so workers' clocks need not agree.
 */
export function createSharedPoliteness(db: Database): SharedPoliteness {
  return {
    async tryAcquire(host, limit, leaseMs) {
      const token = randomUUID();
      // The lowest free slot; two workers racing for it both insert, the second finds it taken (its
      // conflict update sees a live lease) and gets nothing back, and asks again later.
      const rows = rowsOf<{ slot: number }>(
        await db.execute(sql`
          insert into ${hostSlots} (host, slot, token, expires_at)
          select ${host}, s, ${token}, now() + make_interval(secs => ${leaseMs / 1000})
          from generate_series(0, ${limit - 1}) as s
          where not exists (
            select 1 from ${hostSlots} h where h.host = ${host} and h.slot = s and h.expires_at > now())
          order by s
          limit 1
          on conflict (host, slot) do update set token = excluded.token, expires_at = excluded.expires_at
            where ${hostSlots.expiresAt} <= now()
          returning slot`),
      );
      return rows.length ? token : null;
    },

    async release(host, token) {
      await db.delete(hostSlots).where(and(eq(hostSlots.host, host), eq(hostSlots.token, token)));
    },

    async tryStart(host, delayMs) {
      const delay = delayMs / 1000;
      // The start is claimed only once the delay since the last one has passed, so it is recorded when
      // the request really starts; else the answer is how long until it may.
      const [row] = rowsOf<{ wait_ms: number | string }>(
        await db.execute(sql`
          with claimed as (
            insert into ${hostPacing} (host, next_start_at) values (${host}, now() + make_interval(secs => ${delay}))
            on conflict (host) do update set next_start_at = now() + make_interval(secs => ${delay})
              where ${hostPacing.nextStartAt} <= now()
            returning 1)
          select case when exists (select 1 from claimed) then 0
            else (select greatest(1, ceil(extract(epoch from (next_start_at - now())) * 1000))
                  from ${hostPacing} where host = ${host}) end as wait_ms`),
      );
      return Number(row?.wait_ms ?? 0);
    },
  };
}

/** Drops slots whose lease ended long ago (their workers died holding them). */
export async function sweepHostSlots(db: Database): Promise<void> {
  await db.delete(hostSlots).where(lt(hostSlots.expiresAt, sql`now() - interval '1 hour'`));
}
