import { and, asc, eq } from 'drizzle-orm';
import type { AuthContext } from '../auth/bearer.js';
import type { Database } from '../db/client.js';
import { projects } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import { isUuid } from '../ids.js';

/**
 * The project a request works in: the credential's own project when it is bound to one, else the
 * `x-project-id` header, else the team's oldest project. A project of another team, or a deleted
 * one, is a 404 like any foreign id.
 */
export async function resolveProjectId(
  db: Database,
  auth: AuthContext,
  header: string | undefined,
): Promise<string> {
  const requested = header?.trim() || null;
  if (auth.projectId) {
    if (requested && requested !== auth.projectId) {
      throw new ApiError(403, 'forbidden', 'This API token is bound to another project');
    }
    return auth.projectId;
  }
  if (requested) {
    if (!isUuid(requested)) throw notFound('Project');
    const [row] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, requested), eq(projects.teamId, auth.teamId), eq(projects.isDeleted, false)))
      .limit(1);
    if (!row) throw notFound('Project');
    return row.id;
  }
  const [first] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.teamId, auth.teamId), eq(projects.isDeleted, false)))
    .orderBy(asc(projects.createdAt))
    .limit(1);
  if (!first) throw new ApiError(409, 'no_project', 'The team has no project; create one first');
  return first.id;
}

/** The project a listing is narrowed to, or null for the whole team (no header, unbound token). */
export async function resolveProjectFilter(
  db: Database,
  auth: AuthContext,
  header: string | undefined,
): Promise<string | null> {
  if (!auth.projectId && !header?.trim()) return null;
  return resolveProjectId(db, auth, header);
}
