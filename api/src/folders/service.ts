import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/bearer.js';
import { getCrawl } from '../crawls/service.js';
import type { CrawlRow } from '../crawls/serialize.js';
import type { Database } from '../db/client.js';
import { crawlFolders, crawls } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import type { FolderRow } from './schemas.js';

/** The folder if it belongs to the caller's team (and bound project); a 404 otherwise. */
export async function getFolder(db: Database, auth: AuthContext, folderId: string): Promise<FolderRow> {
  if (!isUuid(folderId)) throw notFound('Folder');
  const scope = [eq(crawlFolders.id, folderId), eq(crawlFolders.teamId, auth.teamId)];
  if (auth.projectId) scope.push(eq(crawlFolders.projectId, auth.projectId));
  const [row] = await db
    .select()
    .from(crawlFolders)
    .where(and(...scope))
    .limit(1);
  if (!row) throw notFound('Folder');
  return row;
}

/** A project's folders by name, each with how many crawls it holds. */
export async function listFolders(
  db: Database,
  auth: AuthContext,
  projectId: string,
): Promise<Array<{ folder: FolderRow; crawlCount: number }>> {
  return db
    .select({ folder: crawlFolders, crawlCount: sql<number>`count(${crawls.id})::int` })
    .from(crawlFolders)
    .leftJoin(crawls, eq(crawls.parentId, crawlFolders.id))
    .where(and(eq(crawlFolders.teamId, auth.teamId), eq(crawlFolders.projectId, projectId)))
    .groupBy(crawlFolders.id)
    .orderBy(asc(sql`lower(${crawlFolders.name})`), asc(crawlFolders.createdAt));
}

async function ensureNameFree(db: Database, folder: { projectId: string; name: string; id?: string }) {
  const filters = [
    eq(crawlFolders.projectId, folder.projectId),
    sql`lower(${crawlFolders.name}) = ${folder.name.toLowerCase()}`,
  ];
  if (folder.id) filters.push(ne(crawlFolders.id, folder.id));
  const [taken] = await db
    .select({ id: crawlFolders.id })
    .from(crawlFolders)
    .where(and(...filters))
    .limit(1);
  if (taken)
    throw new ApiError(
      409,
      'folder_exists',
      `A folder named "${folder.name}" already exists in this project`,
      [{ path: 'name', message: 'A folder with this name already exists' }],
    );
}

export async function createFolder(
  db: Database,
  auth: AuthContext,
  projectId: string,
  name: string,
): Promise<FolderRow> {
  await ensureNameFree(db, { projectId, name });
  const [row] = await db.insert(crawlFolders).values({ teamId: auth.teamId, projectId, name }).returning();
  return row!;
}

export async function renameFolder(
  db: Database,
  auth: AuthContext,
  folderId: string,
  name: string,
): Promise<FolderRow> {
  const folder = await getFolder(db, auth, folderId);
  await ensureNameFree(db, { projectId: folder.projectId, name, id: folder.id });
  const [row] = await db.update(crawlFolders).set({ name }).where(eq(crawlFolders.id, folder.id)).returning();
  return row!;
}

/** Deletes the folder; its crawls stay, at the top of the project (the foreign key sets their parentId null). */
export async function deleteFolder(db: Database, auth: AuthContext, folderId: string): Promise<void> {
  const folder = await getFolder(db, auth, folderId);
  await db.delete(crawlFolders).where(eq(crawlFolders.id, folder.id));
}

export async function countCrawlsIn(db: Database, folderId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(crawls).where(eq(crawls.parentId, folderId));
  return Number(row?.n ?? 0);
}

/** Files a crawl in a folder of its own project, or (null) takes it out of its folder. */
export async function moveCrawl(
  db: Database,
  auth: AuthContext,
  crawlId: string,
  folderId: string | null,
): Promise<CrawlRow> {
  const crawl = await getCrawl(db, auth, crawlId);
  if (folderId !== null) {
    const folder = await getFolder(db, auth, folderId);
    if (folder.projectId !== crawl.projectId)
      throw new ApiError(400, 'folder_in_other_project', 'The folder is in another project than the crawl', [
        { path: 'folderId', message: "Choose a folder of the crawl's own project" },
      ]);
  }
  const [row] = await db
    .update(crawls)
    .set({ parentId: folderId })
    .where(eq(crawls.id, crawl.id))
    .returning();
  return row!;
}
