import { and, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/bearer.js';
import type { Database } from '../db/client.js';
import { crawlResults, crawls } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import { recordEvents } from '../events/record.js';
import { isUuid } from '../ids.js';

/**
 * Deletes one result of an ended crawl. The crawl's `numberOfResults` goes down by one; the other results
 * keep their positions (a gap is left where this one was), and search no longer finds it (its row, and so
 * its search vector, is gone). A running crawl's results cannot be deleted: new results are numbered from
 * the count, so the crawl row is locked and checked first. Foreign and unknown ids alike are a 404.
 */
export async function deleteCrawlResult(db: Database, auth: AuthContext, resultId: string): Promise<void> {
  if (!isUuid(resultId)) throw notFound('Crawl result');
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ crawlId: crawlResults.crawlId })
      .from(crawlResults)
      .where(eq(crawlResults.id, resultId))
      .limit(1);
    if (!found) throw notFound('Crawl result');
    const scope = [eq(crawls.id, found.crawlId), eq(crawls.teamId, auth.teamId)];
    if (auth.projectId) scope.push(eq(crawls.projectId, auth.projectId));
    // The same lock a batch commit takes, so a count and the positions numbered from it never race.
    const [crawl] = await tx
      .select({ id: crawls.id, teamId: crawls.teamId, status: crawls.status })
      .from(crawls)
      .where(and(...scope))
      .for('update');
    if (!crawl) throw notFound('Crawl result');
    if (crawl.status === 'running')
      throw new ApiError(
        409,
        'crawl_running',
        'The crawl is still running; abort it or wait until it ends to delete its results',
      );
    const deleted = await tx
      .delete(crawlResults)
      .where(eq(crawlResults.id, resultId))
      .returning({ id: crawlResults.id });
    if (deleted.length === 0) throw notFound('Crawl result');
    await tx
      .update(crawls)
      .set({ numberOfResults: sql`greatest(0, ${crawls.numberOfResults} - 1)` })
      .where(eq(crawls.id, crawl.id));
    // Live views of the crawl (its result count) refresh on this event.
    await recordEvents(tx, { teamId: crawl.teamId, crawlId: crawl.id }, [{ type: 'CRAWL_EVENT' }]);
  });
}
