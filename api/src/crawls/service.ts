import { and, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { cleanUrl, urlKey } from '@trawl/workflows';
import type { AppDeps } from '../app-env.js';
import type { Config } from '../config.js';
import type { CrawlOrchestrator } from './orchestrator.js';
import type { AuthContext } from '../auth/bearer.js';
import type { Database, Transaction } from '../db/client.js';
import { crawlFrontier, crawlLogs, crawlResults, crawls } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import type { ChangeStatus, StartCrawlBody } from './schemas.js';
import type { CrawlLogRow, CrawlResultRow, CrawlRow } from './serialize.js';
import { recordEvents } from '../events/record.js';
import { appendLogs, clearWorkState } from './commit-batch.js';
import { createCrawlStore } from './store.js';
import { finishedColumns, likeEscape } from './sql.js';
import { extractionMethodFor } from './extraction-config.js';
import { isUuid } from '../ids.js';
import { finalizeChanges } from '../changes/compare.js';
import { assertBudgetLeft } from '../billing/usage.js';
import {
  crawlSummary,
  enqueueCrawlChanged,
  enqueueCrawlFinished,
  enqueueWebhookEvent,
} from '../webhooks/outbox.js';

/** Creates a crawl with its seed URL and first log line in one transaction, then hands it to the orchestrator. */
export async function startCrawl(
  deps: AppDeps,
  auth: AuthContext,
  projectId: string,
  body: StartCrawlBody,
  options: { parentId?: string | null } = {},
): Promise<CrawlRow> {
  const values = await prepareCrawl(deps, auth, projectId, body, options);
  const crawl = await deps.db.transaction((tx) => insertCrawl(tx, values));
  return launchCrawl(deps, crawl);
}

export type NewCrawl = typeof crawls.$inferInsert;

/**
 * What starting a crawl needs of the app: less than all of it, so a Temporal worker (a schedule's run)
 * starts crawls with the same code as a request does.
 */
export type LaunchDeps = Pick<AppDeps, 'db' | 'logger'> & {
  config: Pick<Config, 'staticIp' | 'extraction'>;
  orchestrator: Pick<CrawlOrchestrator, 'start'>;
};

/** Checks a start's settings and the team's budget, and returns the crawl row to insert (400/402 otherwise). */
export async function prepareCrawl(
  deps: Pick<LaunchDeps, 'db' | 'config'>,
  auth: AuthContext,
  projectId: string,
  body: StartCrawlBody,
  options: { parentId?: string | null } = {},
): Promise<NewCrawl> {
  if (body.useStaticIps && !deps.config.staticIp) {
    throw new ApiError(400, 'static_ips_unavailable', 'Static IPs are not configured on this server', [
      {
        path: 'useStaticIps',
        message: 'Static IPs are not configured on this server; turn Use Static IPs off',
      },
    ]);
  }
  const startUrl = cleanUrl(body.startUrl);
  if (!startUrl)
    throw new ApiError(400, 'validation_error', 'Start URL must be a valid URL', [
      { path: 'startUrl', message: 'Start URL must be a valid URL' },
    ]);
  const extraction = body.extraction?.trim() ? body.extraction.trim() : null;
  await assertBudgetLeft(deps.db, auth.teamId);
  if (body.compareWith) await assertComparable(deps.db, auth, projectId, body.compareWith);
  return {
    teamId: auth.teamId,
    projectId,
    startUrls: [startUrl],
    maxResults: body.maxResults,
    maxDepth: body.maxDepth,
    useSitemap: body.useSitemap,
    entireWebsite: body.entireWebsite,
    includeLinks: body.includeLinks,
    excludeNonMainTags: body.excludeNonMainTags,
    deduplicateContent: body.deduplicateContent,
    engineType: body.engineType,
    useStaticIps: body.useStaticIps,
    timeout: body.timeout,
    extraction,
    extractionMethod: extraction ? extractionMethodFor(deps.config.extraction) : null,
    extractionSchema: extraction ? (body.extractionSchema ?? null) : null,
    origin: auth.origin,
    compareWith: body.compareWith ?? null,
    parentId: options.parentId ?? null,
  };
}

/** Inserts a running crawl with its seed URL, its event and first log line, in the caller's transaction. */
export async function insertCrawl(tx: Transaction, values: NewCrawl): Promise<CrawlRow> {
  const [row] = await tx.insert(crawls).values(values).returning();
  if (!row) throw new Error('Inserting the crawl returned no row');
  const startUrl = row.startUrls[0]!;
  await tx
    .insert(crawlFrontier)
    .values({ crawlId: row.id, urlKey: urlKey(startUrl), url: startUrl, depth: 0 });
  const scope = { teamId: row.teamId, crawlId: row.id };
  await recordEvents(tx, scope, [{ type: 'CRAWL_EVENT' }]);
  await enqueueWebhookEvent(tx, row.projectId, 'crawl.started', { crawl: crawlSummary(row) });
  await appendLogs(tx, scope, [
    { level: 'info', message: 'Crawl started', description: describeSettings(row) },
  ]);
  return row;
}

/** Hands an inserted crawl to the orchestrator; if it cannot take it, ends the crawl `error` and answers 503. */
export async function launchCrawl(
  deps: Pick<LaunchDeps, 'db' | 'logger' | 'orchestrator'>,
  crawl: CrawlRow,
): Promise<CrawlRow> {
  try {
    await deps.orchestrator.start(crawl.id);
  } catch (err: unknown) {
    // Nothing would ever drive this crawl: end it now, saying why, rather than leave it running.
    deps.logger.error(`Could not start crawl ${crawl.id}`, err);
    const reason = err instanceof Error ? err.message : String(err);
    await createCrawlStore(deps.db).finishCrawl(crawl.id, 'error', [
      { level: 'error', message: 'Crawl could not be started', description: reason },
    ]);
    throw new ApiError(
      503,
      'orchestrator_unavailable',
      'Crawls cannot be started right now; please try again shortly',
    );
  }
  return crawl;
}

/** A crawl can be compared with a finished crawl of its own project. */
async function assertComparable(
  db: Database,
  auth: AuthContext,
  projectId: string,
  compareWith: string,
): Promise<void> {
  const invalid = (message: string) =>
    new ApiError(400, 'validation_error', message, [{ path: 'compareWith', message }]);
  const previous = await getCrawl(db, auth, compareWith).catch((err: unknown) => {
    throw err instanceof ApiError && err.status === 404 ? invalid('No such crawl to compare with') : err;
  });
  if (previous.projectId !== projectId) throw invalid('The crawl to compare with is in another project');
  if (previous.status === 'running') throw invalid('The crawl to compare with is still running');
}

function describeSettings(row: CrawlRow): string {
  const scope = row.useSitemap
    ? 'sitemap'
    : row.entireWebsite
      ? 'entire website'
      : `max results ${row.maxResults}, max depth ${row.maxDepth}`;
  const flags = [
    `engine ${row.engineType}`,
    `timeout ${row.timeout} min`,
    `include links ${row.includeLinks ? 'on' : 'off'}`,
    `exclude non main tags ${row.excludeNonMainTags ? 'on' : 'off'}`,
    `deduplicate ${row.deduplicateContent ? 'on' : 'off'}`,
    `static IPs ${row.useStaticIps ? 'on' : 'off'}`,
  ];
  const compared = row.compareWith ? `; comparing with crawl ${row.compareWith}` : '';
  return `Crawling ${row.startUrls[0]} (${scope}; ${flags.join(', ')})${row.extraction ? `; extraction (${row.extractionMethod}): ${row.extraction}` : ''}${compared}`;
}

/** The crawl if it belongs to the caller's team (and bound project); a 404 otherwise, foreign or unknown alike. */
export async function getCrawl(db: Database, auth: AuthContext, crawlId: string): Promise<CrawlRow> {
  if (!isUuid(crawlId)) throw notFound('Crawl');
  const scope = [eq(crawls.id, crawlId), eq(crawls.teamId, auth.teamId)];
  if (auth.projectId) scope.push(eq(crawls.projectId, auth.projectId));
  const [row] = await db
    .select()
    .from(crawls)
    .where(and(...scope))
    .limit(1);
  if (!row) throw notFound('Crawl');
  return row;
}

export interface CrawlListing {
  rows: CrawlRow[];
  totalResults: number;
}

/** Newest first; `query` matches part of the start URL, or a whole crawl ID. */
export async function listCrawls(
  db: Database,
  auth: AuthContext,
  options: {
    projectId: string | null;
    page: number;
    limit: number;
    query?: string;
    parentId?: string | null;
  },
): Promise<CrawlListing> {
  const filters: SQL[] = [eq(crawls.teamId, auth.teamId)];
  if (options.projectId) filters.push(eq(crawls.projectId, options.projectId));
  // A folder's crawls, or (null) those in no folder.
  if (options.parentId !== undefined)
    filters.push(options.parentId === null ? isNull(crawls.parentId) : eq(crawls.parentId, options.parentId));
  const query = options.query?.trim();
  if (query) {
    const byUrl = ilike(sql`${crawls.startUrls}[1]`, `%${likeEscape(query)}%`);
    filters.push(isUuid(query) ? (or(byUrl, eq(crawls.id, query)) as SQL) : byUrl);
  }
  const where = and(...filters);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(crawls)
      .where(where)
      .orderBy(desc(crawls.createdAt), desc(crawls.id))
      .limit(options.limit)
      .offset(options.page * options.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(crawls)
      .where(where),
  ]);
  return { rows, totalResults: count?.total ?? 0 };
}

/** Ends a running crawl as `aborted` (results so far are kept) and stops its work at once. */
export async function abortCrawl(deps: AppDeps, auth: AuthContext, crawlId: string): Promise<CrawlRow> {
  const crawl = await getCrawl(deps.db, auth, crawlId);
  if (crawl.status !== 'running') {
    throw new ApiError(409, 'crawl_not_running', `The crawl is not running (status: ${crawl.status})`);
  }
  const aborted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(crawls)
      .set({ status: 'aborted', ...finishedColumns() })
      .where(and(eq(crawls.id, crawlId), eq(crawls.status, 'running')))
      .returning();
    if (!row) return null;
    const kept = `${row.numberOfResults} result${row.numberOfResults === 1 ? '' : 's'}`;
    const scope = { teamId: row.teamId, crawlId };
    const changes = await finalizeChanges(tx, crawlId, { detectRemoved: false });
    await clearWorkState(tx, crawlId);
    await appendLogs(tx, scope, [
      { level: 'warn', message: 'Crawl aborted', description: `Aborted with ${kept} kept.` },
    ]);
    await recordEvents(tx, scope, [{ type: 'CRAWL_EVENT' }]);
    await enqueueCrawlFinished(tx, row);
    if (changes) await enqueueCrawlChanged(tx, row, changes);
    return { ...row, changes: changes ?? row.changes };
  });
  if (!aborted) {
    const current = await getCrawl(deps.db, auth, crawlId);
    throw new ApiError(409, 'crawl_not_running', `The crawl is not running (status: ${current.status})`);
  }
  await deps.orchestrator.abort(crawlId);
  return aborted;
}

/**
 * Ends every running crawl of a team as `aborted` and stops their work, as the team is about to be deleted
 * (so no logs or events are written for them). A crawl whose work cannot be stopped is logged, not fatal:
 * its status is final, and its rows go with the team.
 */
export async function abortTeamCrawls(deps: AppDeps, teamId: string): Promise<void> {
  const running = await deps.db
    .update(crawls)
    .set({ status: 'aborted', ...finishedColumns() })
    .where(and(eq(crawls.teamId, teamId), eq(crawls.status, 'running')))
    .returning({ id: crawls.id });
  await Promise.all(
    running.map((crawl) =>
      deps.orchestrator
        .abort(crawl.id)
        .catch((err: unknown) => deps.logger.warn(`Could not stop the work of crawl ${crawl.id}`, err)),
    ),
  );
}

/** Results in stored order; `query` narrows them to those whose URL, title or markdown contains it. */
export async function listCrawlResults(
  db: Database,
  crawl: CrawlRow,
  options: { page: number; limit: number; query?: string; changeStatus?: ChangeStatus },
): Promise<{ rows: CrawlResultRow[]; totalResults: number }> {
  const query = options.query?.trim();
  const filters: SQL[] = [eq(crawlResults.crawlId, crawl.id)];
  if (options.changeStatus) filters.push(eq(crawlResults.changeStatus, options.changeStatus));
  if (query) {
    const pattern = `%${likeEscape(query)}%`;
    filters.push(
      or(
        ilike(crawlResults.url, pattern),
        ilike(crawlResults.title, pattern),
        ilike(crawlResults.markdown, pattern),
      ) as SQL,
    );
  }
  const where = and(...filters);
  const rows = await db
    .select()
    .from(crawlResults)
    .where(where)
    .orderBy(crawlResults.position)
    .limit(options.limit)
    .offset(options.page * options.limit);
  // A recrawl's `removed` rows come after its results and are not among them.
  if (!query && !options.changeStatus)
    return { rows, totalResults: crawl.numberOfResults + (crawl.changes?.removed ?? 0) };
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(crawlResults)
    .where(where);
  return { rows, totalResults: count?.total ?? 0 };
}

/** Every result of a crawl in stored order, read in pages so a 5000-page crawl never sits in memory at once. */
export async function* streamCrawlResults(
  db: Database,
  crawlId: string,
  pageSize = 200,
): AsyncGenerator<CrawlResultRow> {
  for (let after = 0; ;) {
    const rows = await db
      .select()
      .from(crawlResults)
      .where(and(eq(crawlResults.crawlId, crawlId), gt(crawlResults.position, after)))
      .orderBy(crawlResults.position)
      .limit(pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.position;
  }
}

export async function listCrawlLogs(
  db: Database,
  crawl: CrawlRow,
  options: { page: number; limit: number },
): Promise<{ rows: CrawlLogRow[]; totalResults: number }> {
  const where = eq(crawlLogs.crawlId, crawl.id);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(crawlLogs)
      .where(where)
      .orderBy(crawlLogs.seq)
      .limit(options.limit)
      .offset(options.page * options.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(crawlLogs)
      .where(where),
  ]);
  return { rows, totalResults: count?.total ?? 0 };
}
