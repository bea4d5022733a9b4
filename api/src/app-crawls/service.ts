import { and, eq, gte, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/bearer.js';
import type { Database } from '../db/client.js';
import { crawls } from '../db/schema.js';

/** SPEC.md section 9: the dashboard's window. */
export const DASHBOARD_DAYS = 30;

/** Successful and failed crawls, and their results, of a project over the last 30 days. */
export async function getDashboard(
  db: Database,
  auth: AuthContext,
  projectId: string,
): Promise<{ successfulCrawls: number; failedCrawls: number; totalCrawlResults: number }> {
  const since = new Date(Date.now() - DASHBOARD_DAYS * 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({
      successfulCrawls: sql<number>`count(*) filter (where ${crawls.status} in ('succeeded', 'timed_out'))::int`,
      failedCrawls: sql<number>`count(*) filter (where ${crawls.status} in ('failed', 'error'))::int`,
      totalCrawlResults: sql<number>`coalesce(sum(${crawls.numberOfResults}), 0)::int`,
    })
    .from(crawls)
    .where(
      and(eq(crawls.teamId, auth.teamId), eq(crawls.projectId, projectId), gte(crawls.createdAt, since)),
    );
  return row ?? { successfulCrawls: 0, failedCrawls: 0, totalCrawlResults: 0 };
}
