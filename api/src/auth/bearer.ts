import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.js';
import type { Database } from '../db/client.js';
import { ApiError } from '../errors.js';
import { apiTokens } from '../db/schema.js';
import { hashToken, looksLikeApiToken } from './tokens.js';

/** Who is calling: the team every query is scoped to, and the project a token may be bound to. */
export interface AuthContext {
  teamId: string;
  userId: string | null;
  tokenId: string | null;
  /** Set when the credential is bound to one project. */
  projectId: string | null;
  origin: 'web' | 'api';
}

const LAST_USED_RESOLUTION_MS = 60_000;

const unauthorized = (message: string) => new ApiError(401, 'unauthorized', message);

/** Reads `Authorization: Bearer <token>`; a missing or malformed header is a 401. */
export function bearerTokenOf(header: string | undefined): string {
  if (!header) throw unauthorized('Missing bearer token: send "Authorization: Bearer <API token>"');
  const [scheme, token] = header.split(/\s+/, 2);
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Invalid bearer token');
  return token;
}

/** Who an API token speaks for; an unknown, malformed or revoked token is a 401. */
export async function authenticateApiToken(db: Database, token: string): Promise<AuthContext> {
  if (!looksLikeApiToken(token)) throw unauthorized('Invalid bearer token');
  const [row] = await db
    .select({ id: apiTokens.id, teamId: apiTokens.teamId, projectId: apiTokens.projectId, userId: apiTokens.userId, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, hashToken(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) throw unauthorized('Invalid or revoked API token');

  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)))));
  }
  return { teamId: row.teamId, userId: row.userId, tokenId: row.id, projectId: row.projectId, origin: 'api' };
}

/** Requires `Authorization: Bearer <API token>`; a missing, malformed, unknown or revoked token is a 401. */
export const requireBearer = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerTokenOf(c.req.header('authorization'));
  c.set('auth', await authenticateApiToken(c.var.deps.db, token));
  await next();
});
