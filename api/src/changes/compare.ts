import { createHash } from 'node:crypto';
import { createTwoFilesPatch } from 'diff';
import { and, eq, sql } from 'drizzle-orm';
import { urlKey, type PageResult } from '@trawl/workflows';
import type { Transaction } from '../db/client.js';
import { crawlResults, crawls, type ChangeCounts } from '../db/schema.js';

/** Diffs longer than this are cut, with a last line saying so: a rewritten page stays one readable row. */
export const MAX_DIFF_CHARS = 64 * 1024;

type ChangeStatus = 'new' | 'changed' | 'unchanged' | 'removed';

/** What a recrawl compares a page with: the previous crawl's result for the same URL. */
export interface PreviousResult {
  urlKey: string;
  title: string;
  markdown: string;
  contentHash: string | null;
  links: string[] | null;
  /** What the crawl's extraction took from the page, and the tokens it cost (null without extraction). */
  data: unknown;
  extractionTokens: number | null;
}

/** The hash a result's markdown is compared by, for servers that send no validators. */
export function contentHashOf(markdown: string): string {
  return createHash('sha256').update(markdown).digest('hex');
}

/** A unified diff of two versions of a page's markdown, capped at `MAX_DIFF_CHARS`. */
export function markdownDiff(url: string, before: string, after: string): string {
  // Both ending in a newline: a page's last line is a line, not "no newline at end of file".
  const line = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
  const patch = createTwoFilesPatch(url, url, line(before), line(after), 'previous crawl', 'this crawl', {
    context: 3,
  });
  if (patch.length <= MAX_DIFF_CHARS) return patch;
  const cut = patch.lastIndexOf('\n', MAX_DIFF_CHARS);
  return `${patch.slice(0, cut + 1)}\\ Diff cut at ${MAX_DIFF_CHARS} characters\n`;
}

/** The previous crawl's results (not its `removed` rows) for these URL keys. */
export async function loadPreviousResults(
  tx: Transaction,
  compareWith: string,
  keys: string[],
): Promise<Map<string, PreviousResult>> {
  if (keys.length === 0) return new Map();
  const rows = await tx
    .select({
      urlKey: crawlResults.urlKey,
      url: crawlResults.url,
      title: crawlResults.title,
      markdown: crawlResults.markdown,
      contentHash: crawlResults.contentHash,
      links: crawlResults.links,
      data: crawlResults.data,
      extractionTokens: crawlResults.extractionTokens,
    })
    .from(crawlResults)
    .where(
      and(
        eq(crawlResults.crawlId, compareWith),
        sql`${crawlResults.urlKey} = any(${sql.param(keys)}::text[])`,
        sql`${crawlResults.changeStatus} is distinct from 'removed'`,
      ),
    );
  return new Map(rows.map((r) => [r.urlKey ?? urlKey(r.url), { ...r, urlKey: r.urlKey ?? urlKey(r.url) }]));
}

/**
 * A 304 carries no body: it takes the previous crawl's title, markdown and links, and with extraction its
 * data, at no tokens (the model is not asked again about a page that did not change).
 */
export function fillNotModified(result: PageResult, previous: PreviousResult | undefined): PageResult | null {
  if (!result.notModified) return result;
  if (!previous) return null;
  return {
    ...result,
    title: previous.title,
    markdown: previous.markdown,
    links: previous.links ?? result.links ?? [],
    dedup: null,
    ...(previous.extractionTokens !== null ? { extraction: { tokens: 0, data: previous.data ?? null } } : {}),
  };
}

/** How a stored page compares with the previous crawl's, and its diff when it changed. */
export function compareResult(
  result: PageResult,
  previous: PreviousResult | undefined,
  contentHash: string,
): { changeStatus: ChangeStatus; diff: string | null } {
  if (!previous) return { changeStatus: 'new', diff: null };
  const same =
    result.notModified ||
    (previous.contentHash ? previous.contentHash === contentHash : previous.markdown === result.markdown);
  if (same) return { changeStatus: 'unchanged', diff: null };
  return { changeStatus: 'changed', diff: markdownDiff(result.url, previous.markdown, result.markdown) };
}

/**
 * Ends a recrawl's comparison, in the transaction that ends the crawl: when the crawl ran to completion
 * (`detectRemoved`), every page of the previous crawl it did not store gets a `removed` row (its last
 * known title and markdown, positioned after the results); then the four counts are written to the crawl.
 * A crawl stopped early (aborted, timed out, out of usage) cannot tell a removed page from one it never
 * reached, so it reports no removed pages. Returns the counts, or null for a crawl that compares with
 * nothing.
 */
export async function finalizeChanges(
  tx: Transaction,
  crawlId: string,
  options: { detectRemoved: boolean },
): Promise<ChangeCounts | null> {
  const [crawl] = await tx
    .select({ compareWith: crawls.compareWith, numberOfResults: crawls.numberOfResults })
    .from(crawls)
    .where(eq(crawls.id, crawlId));
  if (!crawl?.compareWith) return null;
  if (options.detectRemoved) await insertRemoved(tx, crawlId, crawl.compareWith, crawl.numberOfResults);
  const rows = await tx
    .select({ status: crawlResults.changeStatus, n: sql<number>`count(*)::int` })
    .from(crawlResults)
    .where(eq(crawlResults.crawlId, crawlId))
    .groupBy(crawlResults.changeStatus);
  const counts: ChangeCounts = { new: 0, changed: 0, unchanged: 0, removed: 0 };
  for (const row of rows) if (row.status) counts[row.status] = Number(row.n);
  await tx.update(crawls).set({ changes: counts }).where(eq(crawls.id, crawlId));
  return counts;
}

async function insertRemoved(
  tx: Transaction,
  crawlId: string,
  compareWith: string,
  numberOfResults: number,
): Promise<void> {
  const seen = new Set(
    (
      await tx
        .select({ urlKey: crawlResults.urlKey })
        .from(crawlResults)
        .where(eq(crawlResults.crawlId, crawlId))
    ).map((r) => r.urlKey),
  );
  const previous = await tx
    .select({
      url: crawlResults.url,
      urlKey: crawlResults.urlKey,
      title: crawlResults.title,
      markdown: crawlResults.markdown,
    })
    .from(crawlResults)
    .where(
      and(
        eq(crawlResults.crawlId, compareWith),
        sql`${crawlResults.changeStatus} is distinct from 'removed'`,
      ),
    )
    .orderBy(crawlResults.position);
  const gone = previous.filter((r) => !seen.has(r.urlKey ?? urlKey(r.url)));
  if (gone.length === 0) return;
  await tx.insert(crawlResults).values(
    gone.map((r, i) => ({
      crawlId,
      position: numberOfResults + i + 1,
      url: r.url,
      urlKey: r.urlKey ?? urlKey(r.url),
      title: r.title,
      markdown: r.markdown,
      changeStatus: 'removed' as const,
      diff: markdownDiff(r.url, r.markdown, ''),
    })),
  );
}
