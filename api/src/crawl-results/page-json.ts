import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import type { Database } from '../db/client.js';
import type { ChangeStatus } from '../crawls/schemas.js';
import type { CrawlRow } from '../crawls/serialize.js';
import { countCrawlResults, crawlResultsWhere } from '../crawls/service.js';

const dialect = new PgDialect();

/**
 * The JSON of a page of a crawl's results, as `c.json(pageOf(rows.map(toCrawlResultDto), ...))` would write it
 * (the same fields in the same order), made by PostgreSQL. A page of 50 ordinary results is about 1.5 MB: made
 * here, its rows' strings, their objects, `JSON.stringify` of them and the encoding of that string took most of
 * the route's time and garbage (docs/benchmarks.md). On PostgreSQL the text arrives as bytes and is sent as
 * they are; on PGlite it comes as a string.
 */
export async function crawlResultsPageJson(
  db: Database,
  crawl: CrawlRow,
  options: { page: number; limit: number; query?: string; changeStatus?: ChangeStatus },
): Promise<Uint8Array<ArrayBuffer>> {
  const selection = crawlResultsWhere(crawl.id, options);
  const totalResults = await countCrawlResults(db, crawl, selection);
  const tail = `],"page":${options.page},"totalPages":${Math.ceil(totalResults / options.limit)},"totalResults":${totalResults}}`;
  // The whole document in one value, so the bytes that arrive are the answer, with no copy to put it together.
  // `createdAt` as toISOString() writes it: UTC, milliseconds (truncated, as Date keeps them), `Z`.
  return resultsText(
    db,
    sql`
      select '{"results":[' || coalesce(string_agg(row_to_json(r)::text, ',' order by r.position), '')
        || ${tail}::text as page
      from (
        select id, crawl_id as "crawlId", position, url, title, markdown,
          duplicates_removed_count as "duplicatesRemovedCount", data, extraction_tokens as "extractionTokens",
          change_status as "changeStatus", diff,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
        from crawl_results
        where ${selection.where}
        order by position
        limit ${options.limit} offset ${options.page * options.limit}
      ) r`,
  );
}

/** The one text value `query` answers, as UTF-8 bytes: on PostgreSQL without ever decoding them. */
async function resultsText(db: Database, query: SQL): Promise<Uint8Array<ArrayBuffer>> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPostgresJs(client)) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const [row] = await client.unsafe(text, params as never[], { prepare: true }).raw();
    return row![0] as unknown as Uint8Array<ArrayBuffer>;
  }
  const { rows } = (await db.execute(query)) as unknown as { rows: Array<{ page: string }> };
  return Buffer.from(rows[0]!.page);
}

function isPostgresJs(client: unknown): client is Sql {
  return typeof (client as { unsafe?: unknown }).unsafe === 'function';
}
