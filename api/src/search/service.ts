import { and, desc, eq, getTableColumns, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/bearer.js';
import type { Database } from '../db/client.js';
import { crawlResults, userSearchHistory } from '../db/schema.js';
import type { CrawlResultRow, CrawlRow } from '../crawls/serialize.js';
import { ApiError } from '../errors.js';
import { documentVector, indexedMarkdown, searchVector } from './vector.js';

/** Characters ts_headline wraps matches in; stripped from the markdown first, so they mark matches only. */
const START = '\u0002';
const STOP = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;

export interface SnippetSegment {
  text: string;
  highlight: boolean;
}

export interface CrawlResultMatch {
  row: CrawlResultRow;
  rank: number;
  snippet: SnippetSegment[];
}

/** Splits a headline marked with START/STOP into segments, so clients never parse markup. */
export function toSegments(headline: string): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  for (const [i, part] of headline.split(START).entries()) {
    const [marked, rest] = i === 0 ? [undefined, part] : splitOnce(part, STOP);
    if (marked) segments.push({ text: marked, highlight: true });
    if (rest) segments.push({ text: rest, highlight: false });
  }
  return segments;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)];
}

/**
 * Full-text search over one crawl's results (title and markdown, English stemming, web-search syntax),
 * most relevant first, with a highlighted snippet of each. The same SQL runs on PostgreSQL and PGlite.
 * Results the search indexer has not reached yet (a running crawl's latest) are matched and ranked on a
 * vector computed on the fly, the same one the indexer stores: a stored page is found from the start.
 */
export async function searchCrawlResults(
  db: Database,
  crawl: CrawlRow,
  options: { query: string; page: number; limit: number },
): Promise<{ matches: CrawlResultMatch[]; total: number }> {
  const tsQuery = sql`websearch_to_tsquery('english', ${options.query})`;
  const vector = sql`coalesce(${searchVector}, ${documentVector})`;
  const rank = sql<number>`ts_rank(${vector}, ${tsQuery})::float8`;
  const where = and(
    eq(crawlResults.crawlId, crawl.id),
    or(
      sql`${searchVector} @@ ${tsQuery}`,
      sql`(${searchVector} is null and ${documentVector} @@ ${tsQuery})`,
    ),
  );
  const [hits, [count]] = await Promise.all([
    db
      .select({ id: crawlResults.id, rank })
      .from(crawlResults)
      .where(where)
      .orderBy(desc(rank), crawlResults.position)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(crawlResults)
      .where(where),
  ]);
  if (hits.length === 0) return { matches: [], total: count?.total ?? 0 };
  // Headlines only for the page's rows: ts_headline reads the whole text, the costly part of a search.
  const rows = await db
    .select({
      ...getTableColumns(crawlResults),
      headline: sql<string>`ts_headline('english', translate(${indexedMarkdown}, ${START + STOP}, ''), ${tsQuery}, ${HEADLINE_OPTIONS})`,
    })
    .from(crawlResults)
    .where(
      inArray(
        crawlResults.id,
        hits.map((h) => h.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const matches = hits.flatMap((hit) => {
    const found = byId.get(hit.id);
    if (!found) return [];
    const { headline, ...row } = found;
    return [{ row, rank: Number(hit.rank), snippet: toSegments(headline) }];
  });
  return { matches, total: count?.total ?? 0 };
}

/** How many distinct searches a user's history keeps, and how many it answers. */
const HISTORY_KEPT = 50;
const HISTORY_SHOWN = 10;

/** Search history belongs to a person: a token that speaks for no user (a team token) has none. */
export function requireUser(auth: AuthContext): string {
  if (!auth.userId)
    throw new ApiError(403, 'user_required', 'Search history belongs to a user; this API token has none');
  return auth.userId;
}

/** Records a search (if given) and answers the user's most recent distinct searches, newest first. */
export async function recordSearch(
  db: Database,
  userId: string,
  query: string | undefined,
): Promise<Array<{ query: string; searchedAt: Date }>> {
  const mine = eq(userSearchHistory.userId, userId);
  if (query) {
    await db.transaction(async (tx) => {
      await tx
        .insert(userSearchHistory)
        .values({ userId, query })
        .onConflictDoUpdate({
          target: [userSearchHistory.userId, userSearchHistory.query],
          set: { searchedAt: sql`now()` },
        });
      const kept = tx
        .select({ query: userSearchHistory.query })
        .from(userSearchHistory)
        .where(mine)
        .orderBy(desc(userSearchHistory.searchedAt))
        .limit(HISTORY_KEPT);
      await tx.delete(userSearchHistory).where(and(mine, notInArray(userSearchHistory.query, kept)));
    });
  }
  return db
    .select({ query: userSearchHistory.query, searchedAt: userSearchHistory.searchedAt })
    .from(userSearchHistory)
    .where(mine)
    .orderBy(desc(userSearchHistory.searchedAt), userSearchHistory.query)
    .limit(HISTORY_SHOWN);
}
