import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../crawls/commit-batch.js';
import type { Database } from '../db/client.js';
import { crawlResults } from '../db/schema.js';
import type { Logger } from '../logger.js';
import type { SearchIndexConfig } from './config.js';
import { documentVector, searchVector } from './vector.js';

export interface SearchIndexer {
  /**
   * Indexes every stored result now, batch after batch, until none is left that this indexer can claim;
   * resolves with how many it indexed. (Tests call it; results another server is indexing are skipped.)
   */
  indexAll(): Promise<number>;
  /** Indexes now, then every `pollMs`. */
  start(): void;
  close(): Promise<void>;
}

/**
 * Computes `crawl_results.search_vector` off the commit path: a crawl's commit stores pages without their
 * tsvector (the costliest part of storing a page), and every `pollMs` this indexer fills in the ones still
 * null, `batchSize` at a time, oldest first. Each batch is one short statement and the event loop gets a
 * turn between batches, so on embedded PGlite (one connection, on this thread) API requests and crawl commits
 * interleave with indexing instead of waiting behind it. Claims use `FOR UPDATE SKIP LOCKED`, so the API
 * servers of one PostgreSQL share the work without doing a row twice; a crash loses nothing (null is "to
 * do"). Search finds results not yet indexed meanwhile (service.ts).
 */
export function createSearchIndexer(options: {
  db: Database;
  config: SearchIndexConfig;
  logger: Logger;
}): SearchIndexer {
  const { db, config, logger } = options;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  // One pass at a time: the poll loop and indexAll() queue behind each other.
  let current: Promise<number> = Promise.resolve(0);

  async function indexPending(): Promise<number> {
    let indexed = 0;
    while (!closed) {
      const count = await indexBatch(db, config.batchSize);
      indexed += count;
      if (count < config.batchSize) break;
      await yieldToEventLoop();
    }
    return indexed;
  }

  const pass = (): Promise<number> => (current = current.catch(() => 0).then(indexPending));

  const loop = (): void => {
    if (closed) return;
    pass()
      .catch((err: unknown) => logger.error('The search indexer could not index crawl results', err))
      .finally(() => {
        if (closed) return;
        timer = setTimeout(loop, config.pollMs);
        timer.unref();
      });
  };

  return {
    indexAll: pass,
    start: loop,
    async close() {
      closed = true;
      clearTimeout(timer);
      await current.catch(() => undefined);
    },
  };
}

/** Indexes up to `limit` results not yet indexed (none another transaction holds); resolves with how many. */
export async function indexBatch(db: Database, limit: number): Promise<number> {
  const result = await db.execute(sql`
    update ${crawlResults} set search_vector = ${documentVector}
    where ${crawlResults.id} in (
      select id from ${crawlResults}
      where ${searchVector} is null
      order by ${crawlResults.createdAt}
      limit ${limit}
      for update skip locked)
    returning ${crawlResults.id}`);
  return rowsOf(result).length;
}
