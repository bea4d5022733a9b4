import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.js';
import type { Database } from '../db/client.js';
import { ApiError } from '../errors.js';
import { apiTokens } from '../db/schema.js';
import { checkCsrf, COOKIES, readAccessToken, sessionKey } from './sessions.js';
import { cachedApiToken } from './token-cache.js';
import { hashToken, looksLikeApiToken } from './tokens.js';

/** Who is calling: the team every query is scoped to, and the project a token may be bound to. */
export interface AuthContext {
  teamId: string;
  userId: string | null;
  tokenId: string | null;
  /** Set when the credential is bound to one project. */
  projectId: string | null;
  origin: 'web' | 'api';
  /** Set for a browser session: the family logout revokes. */
  sessionFamilyId?: string;
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

/**
 * Who an API token speaks for; an unknown, malformed or revoked token is a 401. Live tokens are remembered for
 * `API_TOKEN_CACHE_MS` (token-cache.ts): a token revoked on another API server stops working here within that time.
 */
export async function authenticateApiToken(db: Database, token: string): Promise<AuthContext> {
  if (!looksLikeApiToken(token)) throw unauthorized('Invalid bearer token');
  const hash = hashToken(token);
  const row = await cachedApiToken(db, hash, async () => {
    const [found] = await db
      .select({
        id: apiTokens.id,
        teamId: apiTokens.teamId,
        projectId: apiTokens.projectId,
        userId: apiTokens.userId,
        lastUsedAt: apiTokens.lastUsedAt,
      })
      .from(apiTokens)
      .where(and(eq(apiTokens.tokenHash, hash), isNull(apiTokens.revokedAt)))
      .limit(1);
    return found ?? null;
  });
  if (!row) throw unauthorized('Invalid or revoked API token');

  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Marked on the cached row too, so the calls that follow do not mark it again.
    row.lastUsedAt = now;
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, row.id),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
  }
  return { teamId: row.teamId, userId: row.userId, tokenId: row.id, projectId: row.projectId, origin: 'api' };
}

/**
 * Requires a caller: a bearer API token (origin `api`), or a browser session cookie (origin `web`) whose
 * writes must also carry the CSRF header. Bearer wins when both are present.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization');
  if (header) {
    c.set('auth', await authenticateApiToken(c.var.deps.db, bearerTokenOf(header)));
    return next();
  }
  const access = getCookie(c, COOKIES.access);
  if (!access) throw unauthorized('Sign in, or send "Authorization: Bearer <API token>"');
  const { db, config } = c.var.deps;
  const claims = await readAccessToken(db, await sessionKey(db, config.sessionSecret), access);
  if (!claims) throw unauthorized('Your session has expired; refresh it or sign in again');
  checkCsrf(c);
  c.set('auth', {
    teamId: claims.teamId,
    userId: claims.userId,
    tokenId: null,
    projectId: null,
    origin: 'web',
    sessionFamilyId: claims.familyId,
  });
  await next();
});

/** Project-bound API tokens work inside their project only: team administration is not theirs. */
export function requireTeamWide(auth: AuthContext): void {
  if (auth.projectId)
    throw new ApiError(403, 'forbidden', 'This API token is bound to one project and cannot manage the team');
}

/**
 * {@link requireAuth} for routes that share a path prefix with another resource's routes, whose middleware
 * may have authenticated the request already: it authenticates only when no one has.
 */
export const requireAuthOnce = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('auth')) return next();
  return requireAuth(c, next);
});
