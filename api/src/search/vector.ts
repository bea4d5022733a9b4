import { sql } from 'drizzle-orm';
import { crawlResults } from '../db/schema.js';

/**
 * `crawl_results.search_vector` (migrations 0009 and 0016; not in schema.ts, see userSearchHistory there):
 * the result's tsvector once the search indexer has computed it, null until then.
 */
export const searchVector = sql.raw('"crawl_results"."search_vector"');

/** The first 100000 characters of the markdown, as indexed (far below PostgreSQL's 1 MB tsvector limit). */
export const indexedMarkdown = sql`left(${crawlResults.markdown}, 100000)`;

/** What search_vector holds: the title weighing A, the markdown B, English stemming (migration 0009's expression). */
export const documentVector = sql`(setweight(to_tsvector('english'::regconfig, coalesce(${crawlResults.title}, '')), 'A') || setweight(to_tsvector('english'::regconfig, ${indexedMarkdown}), 'B'))`;
