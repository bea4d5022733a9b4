import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CrawlStore, PageExtraction } from '@trawl/workflows';
import type { Database } from '../db/client.js';
import { crawlExtractions, crawls } from '../db/schema.js';

/**
 * The crawl store's AI extraction ledger: each page's answer is written once, the moment it is known, with
 * its tokens added to the crawl in the same transaction; a crawl resumed after a crash finds it there.
 */
export function extractionLedger(
  db: Database,
): Required<Pick<CrawlStore, 'loadExtractions' | 'saveExtraction'>> {
  return {
    async loadExtractions(crawlId, urlKeys) {
      if (urlKeys.length === 0) return new Map();
      const rows = await db
        .select({ urlKey: crawlExtractions.urlKey, result: crawlExtractions.result })
        .from(crawlExtractions)
        .where(and(eq(crawlExtractions.crawlId, crawlId), inArray(crawlExtractions.urlKey, urlKeys)));
      return new Map(rows.map((r) => [r.urlKey, r.result as PageExtraction]));
    },

    async saveExtraction(crawlId, urlKey, extraction) {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(crawlExtractions)
          .values({ crawlId, urlKey, result: extraction })
          .onConflictDoNothing()
          .returning({ urlKey: crawlExtractions.urlKey });
        if (inserted.length && extraction.tokens > 0)
          await tx
            .update(crawls)
            .set({ extractionTokens: sql`${crawls.extractionTokens} + ${extraction.tokens}` })
            .where(eq(crawls.id, crawlId));
      });
    },
  };
}
