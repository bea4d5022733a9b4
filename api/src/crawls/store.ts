import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import {
  urlKey,
  type CrawlJob,
  type CrawlStore,
  type FrontierEntry,
  type StagedBatch,
} from '@trawl/workflows';
import { MAX_FETCH_ATTEMPT_SECONDS } from '@trawl/workflows/temporal';
import type { Database } from '../db/client.js';
import { crawlBatches, crawlFrontier, crawlResults, crawls } from '../db/schema.js';
import { recordEvents } from '../events/record.js';
import { appendLogs, clearWorkState, commitBatch, rowsOf } from './commit-batch.js';
import { finalizeChanges } from '../changes/compare.js';
import { extractionLedger } from './extraction-store.js';
import { finishedColumns } from './sql.js';
import { enqueueCrawlChanged, enqueueCrawlFinished } from '../webhooks/outbox.js';

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
      if (held.length) return withPreviousValidators(db, crawlId, order(held));
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
      return withPreviousValidators(db, crawlId, order(rows));
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
        const changes = await finalizeChanges(tx, crawlId, { detectRemoved: status === 'succeeded' });
        await enqueueCrawlFinished(tx, row);
        if (changes) await enqueueCrawlChanged(tx, row, changes);
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

/**
 * On a recrawl, each claimed URL that the crawl it repeats stored with HTTP validators carries them (and
 * the page's links) to the fetch, which then asks the server whether the page changed; on a 304 the page
 * keeps what that crawl stored (its markdown, and its extracted data). Only when both crawls turn a page
 * into markdown the same way: the same main-content and links settings, and the same extraction
 * instruction, method and schema (a page the previous crawl's instruction skipped has no stored result,
 * and is fetched and extracted again).
 */
async function withPreviousValidators(
  db: Database,
  crawlId: string,
  entries: FrontierEntry[],
): Promise<FrontierEntry[]> {
  if (entries.length === 0) return entries;
  const rows = rowsOf<{
    url_key: string;
    etag: string | null;
    last_modified: string | null;
    links: string[];
  }>(
    await db.execute(sql`
      select r.url_key, r.etag, r.last_modified, r.links
      from ${crawls} c
        join ${crawls} p on p.id = c.compare_with
        join ${crawlResults} r on r.crawl_id = p.id
      where c.id = ${crawlId}
        and c.exclude_non_main_tags = p.exclude_non_main_tags and c.include_links = p.include_links
        and c.extraction is not distinct from p.extraction
        and c.extraction_method is not distinct from p.extraction_method
        and c.extraction_schema is not distinct from p.extraction_schema
        and r.url_key = any(${sql.param(entries.map((e) => urlKey(e.url)))}::text[])
        and r.change_status is distinct from 'removed' and r.links is not null
        and (r.etag is not null or r.last_modified is not null)`),
  );
  if (rows.length === 0) return entries;
  const byKey = new Map(rows.map((r) => [r.url_key, r]));
  return entries.map((entry) => {
    const row = byKey.get(urlKey(entry.url));
    return row
      ? { ...entry, previous: { etag: row.etag, lastModified: row.last_modified, links: row.links } }
      : entry;
  });
}
