import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import type { crawls } from '../db/schema.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';

/** Every event an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'crawl.started',
  'crawl.page',
  'crawl.completed',
  'crawl.failed',
  'crawl.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What every delivery's body holds: the event's id (the same in every redelivery), its type, time and data. */
export interface WebhookPayload {
  id: string;
  type: WebhookEvent;
  createdAt: string;
  data: Record<string, unknown>;
}

/**
 * Writes one delivery of `event` to every enabled endpoint of the project subscribed to it, in the
 * caller's transaction: the event is in the outbox exactly when the change it announces committed.
 */
export async function enqueueWebhookEvent(
  tx: Transaction | Database,
  projectId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const payload: WebhookPayload = {
    id: randomUUID(),
    type: event,
    createdAt: new Date().toISOString(),
    data,
  };
  await tx.execute(sql`
    insert into ${webhookDeliveries} (endpoint_id, event, payload)
    select id, ${event}, ${JSON.stringify(payload)}::jsonb from ${webhookEndpoints}
    where project_id = ${projectId} and enabled and ${event} = any(events)`);
}

type CrawlRow = typeof crawls.$inferSelect;

/** The crawl as events describe it. */
export function crawlSummary(row: CrawlRow) {
  return {
    id: row.id,
    projectId: row.projectId,
    status: row.status,
    startUrl: row.startUrls[0] ?? '',
    numberOfResults: row.numberOfResults,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** `crawl.completed` for a crawl that succeeded, `crawl.failed` for any other end (aborted included). */
export async function enqueueCrawlFinished(tx: Transaction, row: CrawlRow): Promise<void> {
  const event = row.status === 'succeeded' ? 'crawl.completed' : 'crawl.failed';
  await enqueueWebhookEvent(tx, row.projectId, event, { crawl: crawlSummary(row) });
}

/**
 * `crawl.page`: one delivery per committed batch, listing its stored pages (a batch holds at most
 * TRAWL_CRAWL_BATCH_SIZE pages, so a body stays small). The markdown is read through the API.
 */
export async function enqueueCrawlPages(
  tx: Transaction,
  crawl: { id: string; projectId: string },
  pages: Array<{ id: string; url: string; title: string; position: number }>,
): Promise<void> {
  if (pages.length === 0) return;
  await enqueueWebhookEvent(tx, crawl.projectId, 'crawl.page', {
    crawl: { id: crawl.id, projectId: crawl.projectId },
    pages,
  });
}

export interface CrawlChangeCounts {
  new: number;
  changed: number;
  unchanged: number;
  removed: number;
}

/**
 * `crawl.changed`, written in the caller's transaction when a crawl's change counts are final. Its links
 * are paths; deliveries resolve them against PUBLIC_URL.
 */
export async function enqueueCrawlChanged(
  tx: Transaction | Database,
  crawl: { id: string; projectId: string },
  counts: CrawlChangeCounts,
): Promise<void> {
  await enqueueWebhookEvent(tx, crawl.projectId, 'crawl.changed', {
    crawl: { id: crawl.id, projectId: crawl.projectId },
    counts,
    links: {
      console: `/crawl-result/${crawl.id}?changeStatus=changed`,
      api: `/crawls/${crawl.id}/results?changeStatus=changed`,
    },
  });
}
