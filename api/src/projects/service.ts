import { and, asc, eq } from 'drizzle-orm';
import { requireTeamWide, type AuthContext } from '../auth/bearer.js';
import type { Database } from '../db/client.js';
import { projects } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import type { ProjectRow } from './schemas.js';

/** The team's projects that are not deleted, oldest first; only its own for a project-bound token. */
export async function listProjects(db: Database, auth: AuthContext): Promise<ProjectRow[]> {
  const rows = await db
    .select()
    .from(projects)
    .where(and(eq(projects.teamId, auth.teamId), eq(projects.isDeleted, false)))
    .orderBy(asc(projects.createdAt), asc(projects.id));
  return rows.filter((p) => !auth.projectId || p.id === auth.projectId);
}

export async function createProject(db: Database, auth: AuthContext, title: string): Promise<ProjectRow> {
  requireTeamWide(auth);
  const [row] = await db.insert(projects).values({ teamId: auth.teamId, title }).returning();
  if (!row) throw new Error('Inserting the project returned no row');
  return row;
}

export async function renameProject(
  db: Database,
  auth: AuthContext,
  id: string,
  title: string,
): Promise<ProjectRow> {
  requireTeamWide(auth);
  if (!isUuid(id)) throw notFound('Project');
  const [row] = await db
    .update(projects)
    .set({ title })
    .where(and(eq(projects.id, id), eq(projects.teamId, auth.teamId), eq(projects.isDeleted, false)))
    .returning();
  if (!row) throw notFound('Project');
  return row;
}

/** A soft delete that keeps the project's crawls; the team's last project cannot go (409 `last_project`). */
export async function deleteProject(db: Database, auth: AuthContext, id: string): Promise<void> {
  requireTeamWide(auth);
  if (!isUuid(id)) throw notFound('Project');
  await db.transaction(async (tx) => {
    // Locked, so two deletes at once cannot each see another project left and remove the last two.
    const live = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.teamId, auth.teamId), eq(projects.isDeleted, false)))
      .for('update');
    if (!live.some((p) => p.id === id)) throw notFound('Project');
    if (live.length === 1)
      throw new ApiError(
        409,
        'last_project',
        'A team keeps at least one project; create another before deleting this one',
      );
    await tx.update(projects).set({ isDeleted: true }).where(eq(projects.id, id));
  });
}
