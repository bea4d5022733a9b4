import { eq, sql } from 'drizzle-orm';
import {
  hasMarkdownContent,
  removeSeenBlocks,
  splitBlocks,
  urlKey,
  type BatchCommit,
  type CommitOutcome,
  type CrawlLogEntry,
  type PageResult,
} from '@trawl/workflows';
import type { Database, Transaction } from '../db/client.js';
import {
  crawlBatches,
  crawlBlockHashes,
  crawlBlockMemory,
  crawlExtractions,
  crawlFrontier,
  crawlLogs,
  crawlPageHashes,
  crawlSkippedDuplicates,
  crawlResults,
  crawls,
} from '../db/schema.js';
import { recordEvents } from '../events/record.js';
import { lockBudget } from '../billing/usage.js';
import { stopAtUsageLimit } from '../billing/usage-stop.js';
import { enqueueCrawlPages } from '../webhooks/outbox.js';
import {
  compareResult,
  contentHashOf,
  fillNotModified,
  loadPreviousResults,
  type PreviousResult,
} from '../changes/compare.js';

// Bulk statements pass whole arrays as single parameters (unnest, = any): a batch's hundreds of hashes,
// links and log lines cost one parameter each instead of one per value, which is most of a commit's time.

/** Rows of a raw query, whichever driver ran it (postgres-js returns an array, PGlite an object with rows). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Appends log lines in order; returns their ids, in the same order, for the events that announce them. */
export async function insertLogs(
  tx: Transaction | Database,
  crawlId: string,
  logs: CrawlLogEntry[],
): Promise<string[]> {
  if (logs.length === 0) return [];
  const rows = rowsOf<{ id: string; seq: number | string }>(
    await tx.execute(sql`
      insert into ${crawlLogs} (crawl_id, level, message, description)
      select ${crawlId}, l::log_level, m, d
      from unnest(${sql.param(logs.map((l) => l.level))}::text[], ${sql.param(logs.map((l) => l.message))}::text[], ${sql.param(logs.map((l) => l.description ?? null))}::text[]) with ordinality as t(l, m, d, n)
      order by n
      returning id, seq`),
  );
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map((r) => r.id);
}

/** Log lines and the events announcing them, in one go. */
export async function appendLogs(
  tx: Transaction,
  scope: { teamId: string; crawlId: string },
  logs: CrawlLogEntry[],
): Promise<void> {
  const ids = await insertLogs(tx, scope.crawlId, logs);
  await recordEvents(
    tx,
    scope,
    ids.map((refId) => ({ type: 'CRAWL_LOG_CREATED_EVENT', refId })),
  );
}

/**
 * Drops what only a running crawl needs: its frontier, staged batches and extractions in progress. Results
 * and logs stay, and so does the crawl's memory of its content, which a recrawl of it deduplicates against
 * (see `Dedup`): its page hashes, and its block hashes moved into one sorted array.
 */
export async function clearWorkState(tx: Transaction, crawlId: string): Promise<void> {
  await tx.delete(crawlFrontier).where(eq(crawlFrontier.crawlId, crawlId));
  await tx.delete(crawlBatches).where(eq(crawlBatches.crawlId, crawlId));
  await tx.delete(crawlExtractions).where(eq(crawlExtractions.crawlId, crawlId));
  await tx.execute(sql`
    insert into ${crawlBlockMemory} (crawl_id, hashes)
    select ${crawlId}, array_agg(hash order by hash) from ${crawlBlockHashes} where crawl_id = ${crawlId}
    having count(*) > 0
    on conflict (crawl_id) do nothing`);
  await tx.delete(crawlBlockHashes).where(eq(crawlBlockHashes.crawlId, crawlId));
}

/** Ended crawls' block memories recently read, by crawl id: a recrawl looks into its previous crawl's on every batch. */
const blockMemories = new Map<string, Promise<Float64Array>>();
const BLOCK_MEMORIES_KEPT = 8;

/** The sorted block hashes an ended crawl kept (empty when it kept none), read once and then remembered. */
function blockMemory(tx: Transaction, crawlId: string): Promise<Float64Array> {
  let memory = blockMemories.get(crawlId);
  if (!memory) {
    memory = (async () => {
      const [row] = rowsOf<{ hashes: Array<number | string> }>(
        await tx.execute(sql`select hashes from ${crawlBlockMemory} where crawl_id = ${crawlId}`),
      );
      return Float64Array.from(row?.hashes ?? [], Number).sort();
    })();
    memory.catch(() => blockMemories.delete(crawlId));
    blockMemories.set(crawlId, memory);
    if (blockMemories.size > BLOCK_MEMORIES_KEPT) blockMemories.delete(blockMemories.keys().next().value!);
  }
  return memory;
}

function sortedHas(sorted: Float64Array, value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! === value) return true;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/**
 * Writes one batch in one transaction: the batch's URLs leave the frontier, results are deduplicated and
 * stored up to the cap, new links join the frontier, logs are appended, and events announce it all. The
 * crawl row is locked first, so commits of one crawl never interleave. Only pages whose URLs `batchId`
 * still holds are written: a batch retried, or overtaken after its claim lapsed, never stores a page twice.
 */
export async function commitBatch(
  db: Database,
  crawlId: string,
  batchId: string,
  commit: BatchCommit,
): Promise<CommitOutcome> {
  return db.transaction(async (tx) => {
    const [crawl] = await tx
      .select({
        teamId: crawls.teamId,
        projectId: crawls.projectId,
        status: crawls.status,
        numberOfResults: crawls.numberOfResults,
        title: crawls.title,
        startUrls: crawls.startUrls,
        compareWith: crawls.compareWith,
        deduplicateContent: crawls.deduplicateContent,
      })
      .from(crawls)
      .where(eq(crawls.id, crawlId))
      .for('update');
    if (!crawl || crawl.status !== 'running')
      return { numberOfResults: crawl?.numberOfResults ?? 0, stillRunning: false };
    await tx.delete(crawlBatches).where(eq(crawlBatches.batchId, batchId));

    let pages = commit.pages;
    if (pages.length) {
      const held = new Set(
        rowsOf<{ url_key: string }>(
          await tx.execute(sql`
            update ${crawlFrontier} set state = 'done'
            where crawl_id = ${crawlId} and claim_token = ${batchId} and state = 'claimed'
              and url_key = any(${sql.param(pages.map((p) => urlKey(p.entry.url)))}::text[])
            returning url_key`),
        ).map((r) => r.url_key),
      );
      pages = pages.filter((p) => held.has(urlKey(p.entry.url)));
    }

    const logs = [...(commit.logs ?? []), ...pages.flatMap((p) => p.logs)];
    const fetchedResults = pages.flatMap((p) => (p.result ? [p.result] : []));
    // A recrawl compares each page with the crawl it repeats, matched by the normalised final URL.
    const previous = crawl.compareWith
      ? await loadPreviousResults(
          tx,
          crawl.compareWith,
          fetchedResults.map((r) => urlKey(r.url)),
        )
      : new Map<string, PreviousResult>();
    const identified: PageResult[] = [];
    for (const fetched of fetchedResults) {
      const result = fillNotModified(fetched, previous.get(urlKey(fetched.url)));
      if (!result) {
        logs.push({
          level: 'warn',
          message: `Skipped ${fetched.url}`,
          description: 'The server said it was not modified, but the previous crawl has no such page.',
        });
        continue;
      }
      const duplicateOf = await claimIdentity(tx, crawlId, result);
      if (duplicateOf)
        logs.push({ level: 'info', message: `Skipped duplicate ${result.url}`, description: duplicateOf });
      else identified.push(result);
    }
    // A recrawl judges the pages its previous crawl left out as duplicates against that crawl's content.
    const dedup: Dedup = {
      crawlId,
      repeats: crawl.compareWith,
      previous,
      judgedBefore: await skippedBefore(tx, crawl.compareWith, identified),
      skipped: new Set(),
    };
    if (crawl.deduplicateContent)
      await claimCarriedOver(
        tx,
        dedup,
        identified.filter((r) => r.notModified),
      );
    const unique = await claimContent(tx, dedup, identified, logs);

    // One unit per stored result, within the team's budget (billing/usage.ts); the team's row stays locked.
    // A recrawl's unchanged pages are free: they take room under max results but no units.
    const budget = await lockBudget(tx, crawl.teamId);
    const kept = await keepUpTo(tx, dedup, unique, commit.resultCap - crawl.numberOfResults, logs);
    if (dedup.skipped.size)
      await tx.execute(sql`
        insert into ${crawlSkippedDuplicates} (crawl_id, url_key)
        select ${crawlId}, unnest(${sql.param([...dedup.skipped])}::text[])
        on conflict do nothing`);
    let unitsLeft = budget.room;
    const stored = kept
      .map((r) => {
        const contentHash = contentHashOf(r.markdown);
        const change = crawl.compareWith
          ? compareResult(r, previous.get(urlKey(r.url)), contentHash)
          : { changeStatus: null, diff: null };
        return { ...r, contentHash, ...change };
      })
      .filter((r) => r.changeStatus === 'unchanged' || unitsLeft-- > 0);
    const charged = stored.filter((r) => r.changeStatus !== 'unchanged').length;
    const resultIds = stored.length
      ? (
          await tx
            .insert(crawlResults)
            .values(
              stored.map((r, i) => ({
                crawlId,
                position: crawl.numberOfResults + i + 1,
                url: r.url,
                title: r.title,
                markdown: r.markdown,
                duplicatesRemovedCount: r.duplicatesRemovedCount,
                urlKey: urlKey(r.url),
                changeStatus: r.changeStatus,
                diff: r.diff,
                etag: r.validators?.etag ?? null,
                lastModified: r.validators?.lastModified ?? null,
                contentHash: r.contentHash,
                links: r.links ?? null,
                ...(r.extraction
                  ? { data: r.extraction.data ?? null, extractionTokens: r.extraction.tokens }
                  : {}),
              })),
            )
            .returning({ id: crawlResults.id, position: crawlResults.position })
        )
          .sort((a, b) => a.position - b.position)
          .map((r) => r.id)
      : [];

    await enqueueCrawlPages(
      tx,
      { id: crawlId, projectId: crawl.projectId },
      stored.map((r, i) => ({
        id: resultIds[i]!,
        url: r.url,
        title: r.title,
        position: crawl.numberOfResults + i + 1,
      })),
    );

    const links = new Map<string, { url: string; depth: number }>();
    for (const e of [...(commit.discovered ?? []), ...pages.flatMap((p) => p.discovered)]) {
      const key = urlKey(e.url);
      if (!links.has(key)) links.set(key, e);
    }
    if (links.size) {
      await tx.execute(sql`
        insert into ${crawlFrontier} (crawl_id, url_key, url, depth)
        select ${crawlId}, k, u, d
        from unnest(${sql.param([...links.keys()])}::text[], ${sql.param([...links.values()].map((e) => e.url))}::text[], ${sql.param([...links.values()].map((e) => e.depth))}::int[]) as t(k, u, d)
        on conflict do nothing`);
    }
    const logIds = await insertLogs(tx, crawlId, logs);

    const numberOfResults = crawl.numberOfResults + stored.length;
    const startPage = crawl.title ? undefined : stored.find((r) => r.requestedUrl === crawl.startUrls[0]);
    await tx
      .update(crawls)
      .set({ numberOfResults, ...(startPage ? { title: startPage.title } : {}) })
      .where(eq(crawls.id, crawlId));
    await recordEvents(tx, { teamId: crawl.teamId, crawlId }, [
      ...resultIds.map((refId) => ({ type: 'CRAWL_RESULT_CREATED_EVENT' as const, refId })),
      ...logIds.map((refId) => ({ type: 'CRAWL_LOG_CREATED_EVENT' as const, refId })),
      ...(stored.length || startPage ? [{ type: 'CRAWL_EVENT' as const }] : []),
    ]);
    if ((await budget.charge(charged)) && numberOfResults < commit.resultCap) {
      await stopAtUsageLimit(tx, { teamId: crawl.teamId, crawlId }, numberOfResults);
      return { numberOfResults, stillRunning: false };
    }
    return { numberOfResults, stillRunning: true };
  });
}

/**
 * A page's other addresses (its redirect target, its canonical URL) join the seen-set. When one is
 * already there, the page was or will be crawled under that address: returns why it is a duplicate.
 */
async function claimIdentity(tx: Transaction, crawlId: string, result: PageResult): Promise<string | null> {
  const requested = urlKey(result.requestedUrl);
  const aliases = [
    { url: result.url, why: `It redirects to ${result.url}, which this crawl already has.` },
    ...(result.canonicalUrl
      ? [
          {
            url: result.canonicalUrl,
            why: `Its canonical URL ${result.canonicalUrl} is already in this crawl.`,
          },
        ]
      : []),
  ];
  for (const alias of aliases) {
    const key = urlKey(alias.url);
    if (key === requested) continue;
    const inserted = await tx
      .insert(crawlFrontier)
      .values({ crawlId, urlKey: key, url: alias.url, depth: 0, state: 'done' })
      .onConflictDoNothing()
      .returning({ urlKey: crawlFrontier.urlKey });
    if (inserted.length === 0) return alias.why;
  }
  return null;
}

/**
 * What a batch is deduplicated against: the crawl's own hashes and, for the pages the crawl it repeats
 * (`repeats`) left out as duplicates (`judgedBefore`, by URL key), also what that crawl kept when it ended
 * (its page hashes, and its block memory). Those pages are the copies and excerpts of other pages: judged
 * against the previous crawl's content, they are left out again whatever order pages arrive in, even when
 * the page they copy answers with a 304 (its markdown carried over, not parsed) after them. A page the
 * previous crawl stored (`previous`, by URL key) and parses again keeps the blocks it held there and loses
 * those another page held. A page new to the site is deduplicated as in any crawl, so a page moved to a new
 * address is not mistaken for a copy of its old self. `skipped` collects the URL keys this batch leaves out
 * as duplicates.
 */
interface Dedup {
  crawlId: string;
  repeats: string | null;
  previous: Map<string, PreviousResult>;
  judgedBefore: Set<string>;
  skipped: Set<string>;
}

/** Which of these pages the crawl that `repeats` left out as duplicates, by URL key. */
async function skippedBefore(
  tx: Transaction,
  repeats: string | null,
  results: PageResult[],
): Promise<Set<string>> {
  const keys = results.filter((r) => r.dedup).map((r) => urlKey(r.url));
  if (!repeats || keys.length === 0) return new Set();
  const rows = rowsOf<{ url_key: string }>(
    await tx.execute(
      sql`select url_key from ${crawlSkippedDuplicates} where crawl_id = ${repeats} and url_key = any(${sql.param(keys)}::text[])`,
    ),
  );
  return new Set(rows.map((row) => row.url_key));
}

/**
 * A recrawl's page answered with a 304 keeps the previous crawl's markdown, unparsed and not deduplicated
 * again. Its content still becomes this crawl's, as a parsed page's does: its whole-page hash under its URL
 * (taken from the previous crawl) and the blocks of its markdown, so that a recrawl of this crawl in turn
 * knows them.
 */
async function claimCarriedOver(tx: Transaction, dedup: Dedup, results: PageResult[]): Promise<void> {
  if (results.length === 0 || !dedup.repeats) return;
  await tx.execute(sql`
    insert into ${crawlPageHashes} (crawl_id, hash, url)
    select ${dedup.crawlId}, hash, url from ${crawlPageHashes}
    where crawl_id = ${dedup.repeats} and url = any(${sql.param(results.map((r) => r.url))}::text[])
    on conflict do nothing`);
  const blocks = new Set(results.flatMap((r) => splitBlocks(r.markdown).map((b) => b.hash)));
  if (blocks.size) await claimBlockHashes(tx, dedup.crawlId, [...blocks]);
}

/** Records whole-page hashes (and the page that has each) new to the crawl; returns the ones that were new. */
async function claimPageHashes(
  tx: Transaction,
  crawlId: string,
  pages: Array<{ hash: number; url: string }>,
): Promise<Set<number>> {
  const inserted = rowsOf<{ hash: number | string }>(
    await tx.execute(sql`
      insert into ${crawlPageHashes} (crawl_id, hash, url)
      select ${crawlId}, h, u from unnest(${sql.param(pages.map((p) => p.hash))}::bigint[], ${sql.param(pages.map((p) => p.url))}::text[]) as t(h, u)
      on conflict do nothing
      returning hash`),
  );
  return new Set(inserted.map((row) => Number(row.hash)));
}

/** Records block hashes new to the crawl; returns the ones that were new. */
async function claimBlockHashes(tx: Transaction, crawlId: string, hashes: number[]): Promise<Set<number>> {
  const inserted = rowsOf<{ hash: number | string }>(
    await tx.execute(sql`
      insert into ${crawlBlockHashes} (crawl_id, hash)
      select ${crawlId}, unnest(${sql.param(hashes)}::bigint[])
      on conflict do nothing
      returning hash`),
  );
  return new Set(inserted.map((row) => Number(row.hash)));
}

/**
 * With deduplication on, a page whose whole content the crawl already stored (earlier, or earlier in
 * this batch), or that the crawl it repeats had under another URL, is a duplicate of that page: it is logged
 * and left out.
 */
async function claimContent(
  tx: Transaction,
  dedup: Dedup,
  results: PageResult[],
  logs: CrawlLogEntry[],
): Promise<PageResult[]> {
  const skip = (r: PageResult, original: string): false => {
    dedup.skipped.add(urlKey(r.url));
    logs.push({
      level: 'info',
      message: `Skipped duplicate ${r.url}`,
      description: `Same content as ${original}.`,
    });
    return false;
  };
  const earlier = await previousPageHashes(tx, dedup, results);
  const candidates = results.filter((r) => {
    if (!r.dedup) return false;
    const before = dedup.judgedBefore.has(urlKey(r.url)) ? earlier.get(r.dedup.contentHash) : undefined;
    return before === undefined || urlKey(before) === urlKey(r.url) || skip(r, before);
  });
  if (candidates.length === 0) return results.filter((r) => !r.dedup);
  const fresh = await claimPageHashes(
    tx,
    dedup.crawlId,
    candidates.map((r) => ({ hash: r.dedup!.contentHash, url: r.url })),
  );
  const stale = [...new Set(candidates.map((r) => r.dedup!.contentHash).filter((h) => !fresh.has(h)))];
  const originals = new Map<number, string>();
  if (stale.length) {
    const rows = rowsOf<{ hash: number | string; url: string }>(
      await tx.execute(
        sql`select hash, url from ${crawlPageHashes} where crawl_id = ${dedup.crawlId} and hash = any(${sql.param(stale)}::bigint[])`,
      ),
    );
    for (const row of rows) originals.set(Number(row.hash), row.url);
  }
  const kept = new Set(candidates);
  return results.filter((r) => {
    if (!r.dedup) return true;
    if (!kept.has(r)) return false;
    const hash = r.dedup.contentHash;
    const original = originals.get(hash);
    if (original !== undefined) return skip(r, original);
    // New to the crawl: the first page of the batch with this content is the original.
    originals.set(hash, r.url);
    return true;
  });
}

/** The URLs the previous crawl had the whole-content hashes of the pages it left out under. */
async function previousPageHashes(
  tx: Transaction,
  dedup: Dedup,
  results: PageResult[],
): Promise<Map<number, string>> {
  const hashes = results.flatMap((r) =>
    r.dedup && dedup.judgedBefore.has(urlKey(r.url)) ? [r.dedup.contentHash] : [],
  );
  if (!dedup.repeats || hashes.length === 0) return new Map();
  const rows = rowsOf<{ hash: number | string; url: string }>(
    await tx.execute(
      sql`select hash, url from ${crawlPageHashes} where crawl_id = ${dedup.repeats} and hash = any(${sql.param(hashes)}::bigint[])`,
    ),
  );
  return new Map(rows.map((row) => [Number(row.hash), row.url]));
}

/**
 * The results to store, in order, at most `room` of them: each deduplicated against what the crawl has,
 * and none without content. A page left with nothing new once repeated blocks went is a duplicate, and a
 * page without content (which the engine never sends, but a batch staged by an older worker might) is
 * never stored as if it were content: both are logged instead, and the next results take their places.
 */
async function keepUpTo(
  tx: Transaction,
  dedup: Dedup,
  results: PageResult[],
  room: number,
  logs: CrawlLogEntry[],
): Promise<PageResult[]> {
  const kept: PageResult[] = [];
  let queue = results;
  while (kept.length < room && queue.length > 0) {
    const next = queue.slice(0, room - kept.length);
    queue = queue.slice(next.length);
    for (const r of await removeRepeatedBlocks(tx, dedup, next)) {
      if (r.nothingNew) {
        dedup.skipped.add(urlKey(r.url));
        logs.push({
          level: 'info',
          message: `Skipped duplicate ${r.url}`,
          description: 'Everything on it is already on other pages of this crawl.',
        });
      } else if (!hasMarkdownContent(r.markdown)) {
        logs.push({
          level: 'info',
          message: `Skipped ${r.url}`,
          description: 'No content: the page has no text or images.',
        });
      } else kept.push(r);
    }
  }
  return kept;
}

/**
 * Removes blocks the crawl already stored, keeping each at its first occurrence, and records the new ones.
 * For a page the previous crawl had (stored, or left out: `judgedBefore`), blocks that crawl had count as
 * stored too, except those the page held there itself.
 */
async function removeRepeatedBlocks(
  tx: Transaction,
  dedup: Dedup,
  results: PageResult[],
): Promise<Array<PageResult & { nothingNew?: boolean }>> {
  const hashes = [
    ...new Set(results.flatMap((r) => r.dedup?.blocks.filter((b) => b.dedupable).map((b) => b.hash) ?? [])),
  ];
  if (hashes.length === 0) return results;
  // New to the crawl; within the batch, a block belongs to the first page that has it.
  const unclaimed = await claimBlockHashes(tx, dedup.crawlId, hashes);
  // Pages the previous crawl had, stored or left out; a page new to the site dedups as in any crawl.
  const judged = (r: PageResult) =>
    dedup.judgedBefore.has(urlKey(r.url)) || dedup.previous.has(urlKey(r.url));
  const earlier =
    dedup.repeats && results.some(judged) ? await blockMemory(tx, dedup.repeats) : new Float64Array();
  return results.map((r) => {
    if (!r.dedup) return r;
    const before = dedup.previous.get(urlKey(r.url));
    const own = new Set(before ? splitBlocks(before.markdown).map((b) => b.hash) : []);
    const heldEarlier = judged(r) ? (hash: number) => sortedHas(earlier, hash) : () => false;
    const { markdown, removed, nothingNew } = removeSeenBlocks(
      r.dedup.blocks,
      (hash) => own.has(hash) || (!heldEarlier(hash) && unclaimed.delete(hash)),
    );
    return { ...r, markdown, duplicatesRemovedCount: removed, nothingNew };
  });
}
