import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env.js';
import type { Database } from '../db/client.js';
import { passwordResets, projects, sessions, teamInvites, teamMembers, teams, users, userEmailIs } from '../db/schema.js';
import { ApiError, validationHook } from '../errors.js';
import { errorResponses, json } from '../openapi-helpers.js';
import { requireAuth } from './bearer.js';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords.js';
import { hashToken } from './tokens.js';
import {
  checkCsrf, clearSessionCookies, COOKIES, familyOfRequest, isOwnOrigin, openSession, revokeSessionFamily, rotateSession, sessionKey, setSessionCookies,
} from './sessions.js';

const tags = ['Auth'];
/** How long a password reset link works. */
export const RESET_TTL_MINUTES = 60;
export const cookieSecurity = [{ sessionCookie: [] }];

const trimmed = (min: number, message: string) => z.string({ error: message }).trim().min(min, { error: message }).max(100, { error: message });
const EmailSchema = z
  .string({ error: 'Invalid email' })
  .trim()
  .max(254, { error: 'Invalid email' })
  .regex(/^\S+@\S+$/, { error: 'Invalid email' })
  .transform((e) => e.toLowerCase())
  .openapi({ example: 'ada@example.com' });
const NewPasswordSchema = z
  .string({ error: 'Password must have at least 8 characters' })
  .min(8, { error: 'Password must have at least 8 characters' })
  .max(1024, { error: 'Password must have at most 1024 characters' });

export const SignupRootBodySchema = z
  .strictObject({
    firstName: trimmed(2, 'First name must have at least 2 letters'),
    lastName: trimmed(2, 'Last name must have at least 2 letters'),
    email: EmailSchema,
    password: NewPasswordSchema,
  })
  .openapi('SignupRootUserRequest');

export const LoginBodySchema = z
  .strictObject({
    email: EmailSchema,
    password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024, { error: 'Invalid email or password' }),
  })
  .openapi('LoginRequest');

export const SignupInviteBodySchema = SignupRootBodySchema.extend({
  inviteToken: z.string({ error: 'Invalid invite token' }).min(10, { error: 'Invalid invite token' }).max(200, { error: 'Invalid invite token' }),
}).openapi('SignupInviteRequest');

export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema }).openapi('ForgotPasswordRequest');

export const ResetPasswordBodySchema = z
  .strictObject({
    token: z.string({ error: 'Invalid reset token' }).min(1, { error: 'Invalid reset token' }).max(200, { error: 'Invalid reset token' }),
    password: NewPasswordSchema,
  })
  .openapi('ResetPasswordRequest');

export const SuccessSchema = z.object({ isSuccessful: z.literal(true) }).openapi('Success');

export const UserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roles: z.array(z.string()).openapi({ description: '`trawlAdmin` or `user`.' }),
    teams: z.array(z.object({ id: z.uuid(), name: z.string() })).openapi({ description: 'The teams the user belongs to; the first is used.' }),
  })
  .openapi('User');

export const AuthResponseSchema = z.object({ isSuccessful: z.literal(true), user: UserSchema }).openapi('AuthResponse');

const authResponses = (description: string) => ({ 200: { description, ...json(AuthResponseSchema) } });

const signupRootRoute = createRoute({
  method: 'post',
  path: '/auth/signup/root-user',
  operationId: 'signupRootUser',
  summary: 'Sign up, creating a team',
  description: 'Creates the user, a team they belong to, and its default project, then signs them in: session cookies are set.',
  tags,
  request: { body: { required: true, ...json(SignupRootBodySchema) } },
  responses: { 201: { description: 'Signed up and signed in.', ...json(AuthResponseSchema) }, ...errorResponses(400, 403, 409) },
});

const loginRoute = createRoute({
  method: 'post',
  path: '/auth/login',
  operationId: 'login',
  summary: 'Sign in',
  description: 'Sets the session cookies: a short-lived httpOnly access cookie, a rotating httpOnly refresh cookie (sent to /auth only), and the readable `trawl_csrf` cookie whose value every cookie-authenticated write must echo in `x-csrf-token`.',
  tags,
  request: { body: { required: true, ...json(LoginBodySchema) } },
  responses: { ...authResponses('Signed in.'), ...errorResponses(400, 401, 403) },
});

const signupInviteRoute = createRoute({
  method: 'post',
  path: '/auth/signup/invite',
  operationId: 'signupByInvite',
  summary: 'Sign up by invitation',
  description: 'Creates the user as a member of the inviting team and signs them in. An emailed invite can only be accepted by its address, once.',
  tags,
  request: { body: { required: true, ...json(SignupInviteBodySchema) } },
  responses: { 201: { description: 'Signed up and signed in.', ...json(AuthResponseSchema) }, ...errorResponses(400, 403, 409) },
});

const forgotPasswordRoute = createRoute({
  method: 'post',
  path: '/auth/forgotPassword',
  operationId: 'forgotPassword',
  summary: 'Email a password reset link',
  description: `Sends a single-use reset link valid for ${RESET_TTL_MINUTES} minutes, if an account has this email. The answer is the same either way.`,
  tags,
  request: { body: { required: true, ...json(ForgotPasswordBodySchema) } },
  responses: { 200: { description: 'Sent, if the account exists.', ...json(SuccessSchema) }, ...errorResponses(400, 403) },
});

const resetPasswordRoute = createRoute({
  method: 'post',
  path: '/auth/resetPassword',
  operationId: 'resetPassword',
  summary: 'Set a new password with a reset token',
  description: 'Uses up the token and signs the user out everywhere. An unknown, used or expired token is a 400 `invalid_reset_token`.',
  tags,
  request: { body: { required: true, ...json(ResetPasswordBodySchema) } },
  responses: { 200: { description: 'The password is changed.', ...json(SuccessSchema) }, ...errorResponses(400, 403) },
});

const refreshRoute = createRoute({
  method: 'post',
  path: '/auth/refresh',
  operationId: 'refreshSession',
  summary: 'Renew the session',
  description: 'Exchanges the refresh cookie for new cookies. A refresh token used twice revokes its whole session. Send `x-csrf-token`.',
  tags,
  security: cookieSecurity,
  responses: { ...authResponses('Renewed.'), ...errorResponses(401, 403) },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  operationId: 'logout',
  summary: 'Sign out',
  description: 'Revokes the session and clears its cookies. Send `x-csrf-token`.',
  tags,
  security: cookieSecurity,
  responses: { 204: { description: 'Signed out.' }, ...errorResponses(403) },
});

const meRoute = createRoute({
  method: 'get',
  path: '/auth/me',
  operationId: 'getMe',
  summary: 'The signed-in user',
  tags,
  security: [...cookieSecurity, { bearerAuth: [] }],
  responses: { 200: { description: 'The user.', ...json(UserSchema) }, ...errorResponses(401, 404) },
});

/** Writes that start a session must come from this server's own pages (or from no browser at all). */
function checkOrigin(c: Context<AppEnv>): void {
  const origin = c.req.header('origin');
  if (!origin) return;
  if (!isOwnOrigin(origin, c.var.deps.config.publicUrl, c.req.url)) throw new ApiError(403, 'origin_not_allowed', `Requests from ${origin} may not sign in here`);
}

export async function loadUser(db: Database, userId: string): Promise<z.infer<typeof UserSchema> | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const memberships = await db
    .select({ id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.createdAt));
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, roles: user.roles, teams: memberships };
}

/**
 * A new account with a team of its own and the team's `default` project, in one transaction; null when
 * the email is taken. `passwordHash` is null for accounts that sign in with Google only.
 */
export async function createRootUser(
  db: Database,
  account: { email: string; firstName: string; lastName: string; passwordHash: string | null },
): Promise<{ userId: string; teamId: string } | null> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(userEmailIs(account.email)).limit(1);
    if (taken) return null;
    const [team] = await tx.insert(teams).values({ name: `${account.firstName}'s team` }).returning({ id: teams.id });
    await tx.insert(projects).values({ teamId: team!.id, title: 'default' });
    const [user] = await tx.insert(users).values({ ...account, roles: ['user'] }).onConflictDoNothing().returning({ id: users.id });
    if (!user) return null;
    await tx.insert(teamMembers).values({ teamId: team!.id, userId: user.id });
    return { userId: user.id, teamId: team!.id };
  });
}

/** Sign-up, sign-in and sessions (SPEC.md section 7, Auth). */
export function authRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(signupRootRoute, async (c) => {
    checkOrigin(c);
    const { deps } = c.var;
    const body = c.req.valid('json');
    const passwordHash = await hashPassword(body.password);
    const created = await createRootUser(deps.db, { email: body.email, firstName: body.firstName, lastName: body.lastName, passwordHash });
    if (!created) throw new ApiError(409, 'email_taken', 'An account with this email already exists');
    const key = await sessionKey(deps.db, deps.config.sessionSecret);
    setSessionCookies(c, await openSession(deps.db, key, created));
    return c.json({ isSuccessful: true as const, user: (await loadUser(deps.db, created.userId))! }, 201);
  });

  app.openapi(signupInviteRoute, async (c) => {
    checkOrigin(c);
    const { deps } = c.var;
    const body = c.req.valid('json');
    const passwordHash = await hashPassword(body.password);
    const created = await deps.db.transaction(async (tx) => {
      const [invite] = await tx
        .select()
        .from(teamInvites)
        .where(and(eq(teamInvites.tokenHash, hashToken(body.inviteToken)), gt(teamInvites.expiresAt, sql`now()`), isNull(teamInvites.acceptedAt)))
        .for('update')
        .limit(1);
      if (!invite) throw new ApiError(400, 'invalid_invite', 'This invitation is invalid or has expired; ask for a new one');
      if (invite.email && invite.email !== body.email) throw new ApiError(403, 'invite_email_mismatch', `This invitation is for ${invite.email}`);
      const [user] = await tx
        .insert(users)
        .values({ email: body.email, firstName: body.firstName, lastName: body.lastName, passwordHash, roles: ['user'] })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) throw new ApiError(409, 'email_taken', 'An account with this email already exists');
      await tx.insert(teamMembers).values({ teamId: invite.teamId, userId: user.id });
      if (invite.email) await tx.update(teamInvites).set({ acceptedAt: sql`now()` }).where(eq(teamInvites.id, invite.id));
      return { userId: user.id, teamId: invite.teamId };
    });
    const key = await sessionKey(deps.db, deps.config.sessionSecret);
    setSessionCookies(c, await openSession(deps.db, key, created));
    return c.json({ isSuccessful: true as const, user: (await loadUser(deps.db, created.userId))! }, 201);
  });

  app.openapi(forgotPasswordRoute, async (c) => {
    checkOrigin(c);
    const { deps } = c.var;
    const { email } = c.req.valid('json');
    const [user] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(userEmailIs(email)).limit(1);
    if (user) {
      const token = randomBytes(32).toString('base64url');
      await deps.db.insert(passwordResets).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60_000) });
      const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
      await deps.mailer.send({
        to: user.email,
        subject: 'Reset your Trawl password',
        text: `Someone asked to reset the password of your Trawl account.\n\nSet a new password here (the link works once, for ${RESET_TTL_MINUTES} minutes):\n${link}\n\nIf it was not you, ignore this email; your password stays as it is.\n`,
      });
    }
    return c.json({ isSuccessful: true as const }, 200);
  });

  app.openapi(resetPasswordRoute, async (c) => {
    checkOrigin(c);
    const { deps } = c.var;
    const { token, password } = c.req.valid('json');
    const passwordHash = await hashPassword(password);
    const userId = await deps.db.transaction(async (tx) => {
      const [used] = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
        .returning({ userId: passwordResets.userId });
      if (!used) return null;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
      // A new password signs out every session, in case the old one was known to someone else.
      await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, used.userId), isNull(sessions.revokedAt)));
      return used.userId;
    });
    if (!userId) throw new ApiError(400, 'invalid_reset_token', 'Invalid reset token');
    return c.json({ isSuccessful: true as const }, 200);
  });

  app.openapi(loginRoute, async (c) => {
    checkOrigin(c);
    const { deps } = c.var;
    const { email, password } = c.req.valid('json');
    const [user] = await deps.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(userEmailIs(email)).limit(1);
    // The same work and the same answer whether the email is unknown or the password wrong.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await timingDummyHash()));
    const profile = user && valid ? await loadUser(deps.db, user.id) : null;
    const team = profile?.teams[0];
    if (!profile || !team) throw new ApiError(401, 'invalid_credentials', 'Invalid email or password');
    const key = await sessionKey(deps.db, deps.config.sessionSecret);
    setSessionCookies(c, await openSession(deps.db, key, { userId: profile.id, teamId: team.id }));
    return c.json({ isSuccessful: true as const, user: profile }, 200);
  });

  app.openapi(refreshRoute, async (c) => {
    const { deps } = c.var;
    const refresh = getCookie(c, COOKIES.refresh);
    if (!refresh) throw new ApiError(401, 'unauthorized', 'No session to refresh; please sign in');
    checkCsrf(c);
    const key = await sessionKey(deps.db, deps.config.sessionSecret);
    let rotated: Awaited<ReturnType<typeof rotateSession>>;
    try {
      rotated = await rotateSession(deps.db, key, refresh);
    } catch (err: unknown) {
      clearSessionCookies(c);
      throw err;
    }
    const user = await loadUser(deps.db, rotated.claims.userId);
    if (!user) throw new ApiError(401, 'unauthorized', 'This account no longer exists');
    setSessionCookies(c, rotated.tokens);
    return c.json({ isSuccessful: true as const, user }, 200);
  });

  app.openapi(logoutRoute, async (c) => {
    const { deps } = c.var;
    const key = await sessionKey(deps.db, deps.config.sessionSecret);
    const family = await familyOfRequest(c, key);
    if (family) {
      checkCsrf(c);
      await revokeSessionFamily(deps.db, family);
    }
    clearSessionCookies(c);
    return c.body(null, 204);
  });

  app.use('/auth/me', requireAuth);
  app.openapi(meRoute, async (c) => {
    const { deps, auth } = c.var;
    if (!auth.userId) throw new ApiError(404, 'not_found', 'This API token is not tied to a user');
    const user = await loadUser(deps.db, auth.userId);
    if (!user) throw new ApiError(404, 'not_found', 'User not found');
    return c.json(user, 200);
  });

  return app;
}
