import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sign, verify } from 'hono/jwt';
import type { AppEnv } from '../app-env.js';
import type { Database } from '../db/client.js';
import { serverSecrets, sessions } from '../db/schema.js';
import { ApiError } from '../errors.js';
import { hashToken } from './tokens.js';

/** Access tokens are short-lived; the refresh token renews them and rotates on every use. */
export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export const COOKIES = {
  access: 'trawl_access',
  refresh: 'trawl_refresh',
  /** Readable by the page, which echoes it in the `x-csrf-token` header of every write (double submit). */
  csrf: 'trawl_csrf',
} as const;
export const CSRF_HEADER = 'x-csrf-token';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  csrfToken: string;
}

export interface SessionClaims {
  userId: string;
  teamId: string;
  familyId: string;
}

const keys = new WeakMap<Database, Promise<string>>();

/** The key that signs access tokens: TRAWL_SESSION_SECRET, or one generated once and kept in the database. */
export function sessionKey(db: Database, configured: string | null): Promise<string> {
  if (configured) return Promise.resolve(configured);
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(serverSecrets)
        .values({ name: 'session_key', value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, 'session_key'));
      if (!row) throw new Error('The session key could not be stored');
      return row.value;
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const newSecret = (): string => randomBytes(32).toString('base64url');

async function issue(db: Database, key: string, claims: SessionClaims): Promise<SessionTokens> {
  const refreshToken = newSecret();
  await db.insert(sessions).values({
    familyId: claims.familyId,
    userId: claims.userId,
    teamId: claims.teamId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
  });
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await sign(
    {
      sub: claims.userId,
      team: claims.teamId,
      sid: claims.familyId,
      iat: now,
      exp: now + ACCESS_TTL_SECONDS,
    },
    key,
    'HS256',
  );
  return { accessToken, refreshToken, csrfToken: newSecret() };
}

/** Starts a session family for a user who just proved who they are. */
export function openSession(
  db: Database,
  key: string,
  user: { userId: string; teamId: string },
): Promise<SessionTokens> {
  return issue(db, key, { ...user, familyId: randomUUID() });
}

const sessionExpired = () =>
  new ApiError(401, 'unauthorized', 'Your session has expired; please sign in again');

/**
 * Exchanges a refresh token for a new pair. A token that was already exchanged means a copy is in other
 * hands: the whole family is revoked, and both holders must sign in again.
 */
export async function rotateSession(
  db: Database,
  key: string,
  refreshToken: string,
): Promise<{ tokens: SessionTokens; claims: SessionClaims }> {
  const claims = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(refreshToken)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
    if (row.rotatedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.familyId, row.familyId), isNull(sessions.revokedAt)));
      return 'reused' as const;
    }
    await tx
      .update(sessions)
      .set({ rotatedAt: sql`now()` })
      .where(eq(sessions.id, row.id));
    return { userId: row.userId, teamId: row.teamId, familyId: row.familyId };
  });
  if (claims === 'reused')
    throw new ApiError(
      401,
      'session_revoked',
      'This session was signed out because its refresh token was used twice; please sign in again',
    );
  if (!claims) throw sessionExpired();
  return { tokens: await issue(db, key, claims), claims };
}

/** Ends a session family: its access tokens stop working at once and its refresh tokens are void. */
export async function revokeSessionFamily(db: Database, familyId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** The session an access token speaks for, or null when it is invalid, expired, or its family was revoked. */
export async function readAccessToken(
  db: Database,
  key: string,
  token: string,
): Promise<SessionClaims | null> {
  let payload: Record<string, unknown>;
  try {
    payload = (await verify(token, key, 'HS256')) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { sub, team, sid } = payload;
  if (typeof sub !== 'string' || typeof team !== 'string' || typeof sid !== 'string') return null;
  const [live] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.familyId, sid), isNull(sessions.revokedAt)))
    .limit(1);
  return live ? { userId: sub, teamId: team, familyId: sid } : null;
}

/** The family of whatever session cookie the request carries (access, or else refresh), for logout. */
export async function familyOfRequest(c: Context<AppEnv>, key: string): Promise<string | null> {
  const { db } = c.var.deps;
  const access = getCookie(c, COOKIES.access);
  if (access) {
    const claims = await readAccessToken(db, key, access);
    if (claims) return claims.familyId;
  }
  const refresh = getCookie(c, COOKIES.refresh);
  if (!refresh) return null;
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(refresh)))
    .limit(1);
  return row?.familyId ?? null;
}

const secureCookies = (c: Context<AppEnv>): boolean => c.var.deps.config.publicUrl.startsWith('https:');

/** httpOnly access and refresh cookies (the refresh one only sent to /auth), and the readable CSRF cookie. */
export function setSessionCookies(c: Context<AppEnv>, tokens: SessionTokens): void {
  const secure = secureCookies(c);
  setCookie(c, COOKIES.access, tokens.accessToken, {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: '/',
    maxAge: ACCESS_TTL_SECONDS,
  });
  setCookie(c, COOKIES.refresh, tokens.refreshToken, {
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    path: '/auth',
    maxAge: REFRESH_TTL_SECONDS,
  });
  setCookie(c, COOKIES.csrf, tokens.csrfToken, {
    httpOnly: false,
    secure,
    sameSite: 'Lax',
    path: '/',
    maxAge: REFRESH_TTL_SECONDS,
  });
}

export function clearSessionCookies(c: Context<AppEnv>): void {
  const secure = secureCookies(c);
  deleteCookie(c, COOKIES.access, { path: '/', secure });
  deleteCookie(c, COOKIES.refresh, { path: '/auth', secure });
  deleteCookie(c, COOKIES.csrf, { path: '/', secure });
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Double-submit check for writes that ride on cookies: the header must echo the CSRF cookie. */
export function checkCsrf(c: Context<AppEnv>): void {
  if (!UNSAFE.has(c.req.method)) return;
  const cookie = getCookie(c, COOKIES.csrf);
  const header = c.req.header(CSRF_HEADER);
  if (!cookie || !header || cookie.length !== header.length || cookie !== header) {
    throw new ApiError(
      403,
      'csrf_failed',
      `Missing or wrong ${CSRF_HEADER} header: echo the ${COOKIES.csrf} cookie on every write`,
    );
  }
}

/**
 * Whether a request's `Origin` is this server's own: its public URL's, or that of the address the request
 * reached (`requestUrl`, which a malformed Host header can leave unparseable: no origin of ours then).
 */
export function isOwnOrigin(origin: string, publicUrl: string, requestUrl: string | undefined): boolean {
  if (origin === new URL(publicUrl).origin) return true;
  if (!requestUrl) return false;
  try {
    return origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
}
