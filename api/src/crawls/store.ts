import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { CrawlJob, CrawlStore, FrontierEntry, StagedBatch } from '@trawl/workflows';
import { MAX_FETCH_ATTEMPT_SECONDS } from '@trawl/workflows/temporal';
import type { Database } from '../db/client.js';
import { crawlBatches, crawlFrontier, crawls } from '../db/schema.js';
import { recordEvents } from '../events/record.js';
import { appendLogs, clearWorkState, commitBatch, rowsOf } from './commit-batch.js';
import { extractionLedger } from './extraction-store.js';
import { finishedColumns } from './sql.js';
import { enqueueCrawlFinished } from '../webhooks/outbox.js';

/**
 * How long a claim holds before another batch may take its URLs (its worker is presumed dead): longer
 * than any fetch attempt may run on Temporal, so a slow batch that is still working keeps its URLs.
 */
export const CLAIM_LEASE_SECONDS = MAX_FETCH_ATTEMPT_SECONDS + 10 * 60;

/** The crawl loop's persistence on the API's database (PGlite or PostgreSQL). */
export function createCrawlStore(db: Database): CrawlStore {
  return {
    async loadCrawl(crawlId): Promise<CrawlJob | null> {
      const [row] = await db.select().from(crawls).where(eq(crawls.id, crawlId)).limit(1);
      if (!row) return null;
      return {
        id: row.id,
        status: row.status,
        createdAt: row.createdAt,
        numberOfResults: row.numberOfResults,
        extractionMethod: row.extractionMethod,
        settings: {
          startUrl: row.startUrls[0] ?? '',
          maxResults: row.maxResults,
          maxDepth: row.maxDepth,
          useSitemap: row.useSitemap,
          entireWebsite: row.entireWebsite,
          includeLinks: row.includeLinks,
          excludeNonMainTags: row.excludeNonMainTags,
          deduplicateContent: row.deduplicateContent,
          engineType: row.engineType,
          useStaticIps: row.useStaticIps,
          timeout: row.timeout,
          extraction: row.extraction,
          extractionSchema: row.extractionSchema,
        },
      };
    },

    async claimBatch(crawlId, batchId, limit): Promise<FrontierEntry[]> {
      const order = (rows: Array<{ url: string; depth: number; seq: number | string }>) =>
        rows
          .sort((a, b) => a.depth - b.depth || Number(a.seq) - Number(b.seq))
          .map(({ url, depth }) => ({ url, depth }));
      // A retried batch gets back what it already holds.
      const held = await db
        .select({ url: crawlFrontier.url, depth: crawlFrontier.depth, seq: crawlFrontier.seq })
        .from(crawlFrontier)
        .where(
          and(
            eq(crawlFrontier.crawlId, crawlId),
            eq(crawlFrontier.claimToken, batchId),
            eq(crawlFrontier.state, 'claimed'),
          ),
        );
      if (held.length) return order(held);
      const claimable = or(
        eq(crawlFrontier.state, 'pending'),
        and(
          eq(crawlFrontier.state, 'claimed'),
          lt(crawlFrontier.claimedAt, sql`now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})`),
        ),
      );
      const rows = rowsOf<{ url: string; depth: number; seq: number | string }>(
        await db.execute(sql`
          update ${crawlFrontier} set state = 'claimed', claim_token = ${batchId}, claimed_at = now()
          where crawl_id = ${crawlId} and url_key in (
            select url_key from ${crawlFrontier}
            where crawl_id = ${crawlId} and ${claimable}
            order by depth, seq
            limit ${limit}
            for update skip locked)
          returning url, depth, seq`),
      );
      return order(rows);
    },

    commitBatch: (crawlId, batchId, commit) => commitBatch(db, crawlId, batchId, commit),

    async stageBatch(crawlId, batchId, batch) {
      // Only while the crawl runs: a fetch that finishes after an abort or timeout (whose cleanup already
      // cleared the crawl's work state) leaves nothing behind.
      const outcome = JSON.stringify(batch);
      await db.execute(sql`
        insert into ${crawlBatches} (batch_id, crawl_id, outcome)
        select ${batchId}, ${crawlId}, ${outcome}::jsonb
        where exists (select 1 from ${crawls} where id = ${crawlId} and status = 'running')
        on conflict (batch_id) do update set outcome = excluded.outcome`);
    },

    async loadStagedBatch(batchId) {
      const [row] = await db
        .select({ outcome: crawlBatches.outcome })
        .from(crawlBatches)
        .where(eq(crawlBatches.batchId, batchId))
        .limit(1);
      return (row?.outcome as StagedBatch | undefined) ?? null;
    },

    async finishCrawl(crawlId, status, logs) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(crawls)
          .set({ status, ...finishedColumns() })
          .where(and(eq(crawls.id, crawlId), eq(crawls.status, 'running')))
          .returning();
        if (!row) return false;
        await enqueueCrawlFinished(tx, row);
        await clearWorkState(tx, crawlId);
        await appendLogs(tx, { teamId: row.teamId, crawlId }, logs);
        await recordEvents(tx, { teamId: row.teamId, crawlId }, [{ type: 'CRAWL_EVENT' }]);
        return true;
      });
    },

    async releaseClaims(crawlId) {
      await db
        .update(crawlFrontier)
        .set({ state: 'pending', claimToken: null, claimedAt: null })
        .where(and(eq(crawlFrontier.crawlId, crawlId), eq(crawlFrontier.state, 'claimed')));
    },

    ...extractionLedger(db),

    async listRunningCrawls() {
      const rows = await db
        .select({ id: crawls.id })
        .from(crawls)
        .where(eq(crawls.status, 'running'))
        .orderBy(asc(crawls.createdAt));
      return rows.map((r) => r.id);
    },
  };
}
