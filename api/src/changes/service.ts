import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../app-env.js';
import type { AuthContext } from '../auth/bearer.js';
import { getCrawl, startCrawl } from '../crawls/service.js';
import type { StartCrawlBody } from '../crawls/schemas.js';
import type { CrawlRow } from '../crawls/serialize.js';
import type { Database } from '../db/client.js';
import { crawlFolders, crawls } from '../db/schema.js';

/** The folder a site's series of recrawls is filed in. */
export function historyFolderName(startUrl: string): string {
  return `${new URL(startUrl).host} history`;
}

/** A crawl's settings as a new crawl takes them: a recrawl repeats them exactly. */
export function settingsOf(crawl: CrawlRow): StartCrawlBody {
  return {
    startUrl: crawl.startUrls[0] ?? '',
    maxResults: crawl.maxResults,
    maxDepth: crawl.maxDepth,
    useSitemap: crawl.useSitemap,
    entireWebsite: crawl.entireWebsite,
    includeLinks: crawl.includeLinks,
    excludeNonMainTags: crawl.excludeNonMainTags,
    deduplicateContent: crawl.deduplicateContent,
    engineType: crawl.engineType,
    useStaticIps: crawl.useStaticIps,
    timeout: crawl.timeout,
    extraction: crawl.extraction,
    extractionSchema: crawl.extractionSchema,
  };
}

/**
 * Starts the crawl again with its settings. With `changes` (the default) the new crawl is compared with
 * it, and the series is filed in one folder, "<host> history", so the console shows the site's history:
 * a crawl already in a folder that holds a series keeps it; otherwise the folder is found or created
 * and the original moves into it too. `origin` overrides the caller's (a scheduler starts crawls as `api`).
 */
export async function recrawl(
  deps: AppDeps,
  auth: AuthContext,
  crawlId: string,
  options: { changes?: boolean; origin?: 'web' | 'api' } = {},
): Promise<CrawlRow> {
  const previous = await getCrawl(deps.db, auth, crawlId);
  const caller = options.origin ? { ...auth, origin: options.origin } : auth;
  const body = settingsOf(previous);
  if (options.changes === false) {
    return startCrawl(deps, caller, previous.projectId, body, { parentId: previous.parentId });
  }
  return startCrawlInSeries(deps, caller, previous.projectId, { ...body, compareWith: previous.id });
}

/**
 * Starts a crawl as `POST /crawls` does; one that compares with a crawl (`compareWith`) is a recrawl, filed
 * in that crawl's series folder like `recrawl`'s. A `compareWith` that cannot be compared with files nothing:
 * starting refuses it with its 400.
 */
export async function startCrawlInSeries(
  deps: AppDeps,
  auth: AuthContext,
  projectId: string,
  body: StartCrawlBody,
): Promise<CrawlRow> {
  if (!body.compareWith) return startCrawl(deps, auth, projectId, body);
  const previous = await getCrawl(deps.db, auth, body.compareWith).catch(() => null);
  const comparable = previous && previous.projectId === projectId && previous.status !== 'running';
  const parentId = comparable ? await seriesFolder(deps.db, previous) : null;
  return startCrawl(deps, auth, projectId, body, { parentId });
}

/**
 * How a scheduled run continues a series: compared with the newest finished crawl of it (the previous run, or
 * the crawl the schedule was made from) and filed in the series' folder. Null when no such crawl is left.
 */
export async function continueSeries(
  db: Database,
  previousIds: string[],
): Promise<{ compareWith: string; parentId: string } | null> {
  for (const id of previousIds) {
    const [previous] = await db.select().from(crawls).where(eq(crawls.id, id));
    if (!previous || previous.status === 'running') continue;
    return { compareWith: previous.id, parentId: await seriesFolder(db, previous) };
  }
  return null;
}

/** The folder of the crawl's series, created (and the crawl moved into it) if the crawl is in none yet. */
async function seriesFolder(db: Database, crawl: CrawlRow): Promise<string> {
  if (crawl.parentId && (await holdsSeries(db, crawl))) return crawl.parentId;
  const name = historyFolderName(crawl.startUrls[0] ?? '');
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: crawlFolders.id })
      .from(crawlFolders)
      .where(
        and(
          eq(crawlFolders.teamId, crawl.teamId),
          eq(crawlFolders.projectId, crawl.projectId),
          sql`lower(${crawlFolders.name}) = ${name.toLowerCase()}`,
        ),
      )
      .limit(1);
    const folderId =
      existing?.id ??
      (
        await tx
          .insert(crawlFolders)
          .values({ teamId: crawl.teamId, projectId: crawl.projectId, name })
          .returning({ id: crawlFolders.id })
      )[0]!.id;
    await tx.update(crawls).set({ parentId: folderId }).where(eq(crawls.id, crawl.id));
    return folderId;
  });
}

/** A crawl's folder holds its series when the crawl is a recrawl or has been recrawled. */
async function holdsSeries(db: Database, crawl: CrawlRow): Promise<boolean> {
  if (crawl.compareWith) return true;
  const [next] = await db
    .select({ id: crawls.id })
    .from(crawls)
    .where(eq(crawls.compareWith, crawl.id))
    .limit(1);
  return Boolean(next);
}
