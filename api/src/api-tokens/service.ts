import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { requireTeamWide, type AuthContext } from '../auth/bearer.js';
import { generateApiToken } from '../auth/tokens.js';
import { forgetApiTokens } from '../auth/token-cache.js';
import type { Database } from '../db/client.js';
import { apiTokens, projects } from '../db/schema.js';
import { notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import type { ApiTokenRow, CreateTokenBody } from './schemas.js';

/** The team's tokens that are not revoked, newest first; a project-bound token sees its project's only. */
export async function listApiTokens(db: Database, auth: AuthContext): Promise<ApiTokenRow[]> {
  const filters = [eq(apiTokens.teamId, auth.teamId), isNull(apiTokens.revokedAt)];
  if (auth.projectId) filters.push(eq(apiTokens.projectId, auth.projectId));
  return db
    .select()
    .from(apiTokens)
    .where(and(...filters))
    .orderBy(desc(apiTokens.createdAt));
}

/** A new token for the caller's team (bound to a live project of it, if asked); the secret is returned once. */
export async function createApiToken(
  db: Database,
  auth: AuthContext,
  body: CreateTokenBody,
): Promise<{ row: ApiTokenRow; token: string }> {
  requireTeamWide(auth);
  if (body.projectId) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(eq(projects.id, body.projectId), eq(projects.teamId, auth.teamId), eq(projects.isDeleted, false)),
      );
    if (!project) throw notFound('Project');
  }
  const token = generateApiToken();
  const [row] = await db
    .insert(apiTokens)
    .values({
      teamId: auth.teamId,
      projectId: body.projectId ?? null,
      userId: auth.userId,
      name: body.name,
      prefix: token.prefix,
      tokenHash: token.hash,
    })
    .returning();
  if (!row) throw new Error('Inserting the API token returned no row');
  return { row, token: token.token };
}

/** Revokes a live token of the caller's team at once; any other id is a 404. */
export async function revokeApiToken(db: Database, auth: AuthContext, id: string): Promise<void> {
  requireTeamWide(auth);
  if (!isUuid(id)) throw notFound('API token');
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.teamId, auth.teamId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!row) throw notFound('API token');
  forgetApiTokens();
}
