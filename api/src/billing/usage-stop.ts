import { eq } from 'drizzle-orm';
import { appendLogs, clearWorkState } from '../crawls/commit-batch.js';
import { finalizeChanges } from '../changes/compare.js';
import { finishedColumns } from '../crawls/sql.js';
import type { Transaction } from '../db/client.js';
import { crawls } from '../db/schema.js';
import { recordEvents } from '../events/record.js';
import { USAGE_STOP_MESSAGE } from './usage.js';
import { enqueueCrawlChanged, enqueueCrawlFinished } from '../webhooks/outbox.js';

/**
 * Ends a crawl whose team has spent its budget, in the commit that spent it: `succeeded`, since what it
 * stored is good and kept, with a log line saying why it stopped.
 */
export async function stopAtUsageLimit(
  tx: Transaction,
  scope: { teamId: string; crawlId: string },
  numberOfResults: number,
): Promise<void> {
  const [row] = await tx
    .update(crawls)
    .set({ status: 'succeeded', ...finishedColumns() })
    .where(eq(crawls.id, scope.crawlId))
    .returning();
  const changes = await finalizeChanges(tx, scope.crawlId, { detectRemoved: false });
  if (row) {
    await enqueueCrawlFinished(tx, row);
    if (changes) await enqueueCrawlChanged(tx, row, changes);
  }
  await clearWorkState(tx, scope.crawlId);
  await appendLogs(tx, scope, [
    {
      level: 'warn',
      message: USAGE_STOP_MESSAGE,
      description: `Your team has used all the units of this billing period; the crawl kept its ${numberOfResults} result${numberOfResults === 1 ? '' : 's'}. Upgrade your plan or wait for the next billing cycle.`,
    },
  ]);
  await recordEvents(tx, scope, [{ type: 'CRAWL_EVENT' }]);
}
