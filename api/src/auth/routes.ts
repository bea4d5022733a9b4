import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env.js';
import { ApiError, validationHook } from '../errors.js';
import { errorResponses, json } from '../openapi-helpers.js';
import { requireAuth } from './bearer.js';
import { hashPassword } from './passwords.js';
import {
  AuthResponseSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  ResetPasswordBodySchema,
  SignupInviteBodySchema,
  SignupRootBodySchema,
  SuccessSchema,
  UserSchema,
} from './schemas.js';
import {
  RESET_TTL_MINUTES,
  authenticatePassword,
  createInvitedUser,
  createRootUser,
  loadUser,
  requestPasswordReset,
  resetPassword,
} from './service.js';
import {
  checkCsrf,
  clearSessionCookies,
  COOKIES,
  familyOfRequest,
  isOwnOrigin,
  openSession,
  revokeSessionFamily,
  rotateSession,
  sessionKey,
  setSessionCookies,
} from './sessions.js';

const tags = ['Auth'];
const cookieSecurity = [{ sessionCookie: [] }];

const authResponses = (description: string) => ({ 200: { description, ...json(AuthResponseSchema) } });

const signupRootRoute = createRoute({
  method: 'post',
  path: '/auth/signup/root-user',
  operationId: 'signupRootUser',
  summary: 'Sign up, creating a team',
  description:
    'Creates the user, a team they belong to, and its default project, then signs them in: session cookies are set.',
  tags,
  request: { body: { required: true, ...json(SignupRootBodySchema) } },
  responses: {
    201: { description: 'Signed up and signed in.', ...json(AuthResponseSchema) },
    ...errorResponses(400, 403, 409),
  },
});

const loginRoute = createRoute({
  method: 'post',
  path: '/auth/login',
  operationId: 'login',
  summary: 'Sign in',
  description:
    'Sets the session cookies: a short-lived httpOnly access cookie, a rotating httpOnly refresh cookie (sent to /auth only), and the readable `trawl_csrf` cookie whose value every cookie-authenticated write must echo in `x-csrf-token`.',
  tags,
  request: { body: { required: true, ...json(LoginBodySchema) } },
  responses: { ...authResponses('Signed in.'), ...errorResponses(400, 401, 403) },
});

const signupInviteRoute = createRoute({
  method: 'post',
  path: '/auth/signup/invite',
  operationId: 'signupByInvite',
  summary: 'Sign up by invitation',
  description:
    'Creates the user as a member of the inviting team and signs them in. An emailed invite can only be accepted by its address, once.',
  tags,
  request: { body: { required: true, ...json(SignupInviteBodySchema) } },
  responses: {
    201: { description: 'Signed up and signed in.', ...json(AuthResponseSchema) },
    ...errorResponses(400, 403, 409),
  },
});

const forgotPasswordRoute = createRoute({
  method: 'post',
  path: '/auth/forgotPassword',
  operationId: 'forgotPassword',
  summary: 'Email a password reset link',
  description: `Sends a single-use reset link valid for ${RESET_TTL_MINUTES} minutes, if an account has this email. The answer is the same either way.`,
  tags,
  request: { body: { required: true, ...json(ForgotPasswordBodySchema) } },
  responses: {
    200: { description: 'Sent, if the account exists.', ...json(SuccessSchema) },
    ...errorResponses(400, 403),
  },
});

const resetPasswordRoute = createRoute({
  method: 'post',
  path: '/auth/resetPassword',
  operationId: 'resetPassword',
  summary: 'Set a new password with a reset token',
  description:
    'Uses up the token and signs the user out everywhere. An unknown, used or expired token is a 400 `invalid_reset_token`.',
  tags,
  request: { body: { required: true, ...json(ResetPasswordBodySchema) } },
  responses: {
    200: { description: 'The password is changed.', ...json(SuccessSchema) },
    ...errorResponses(400, 403),
  },
});

const refreshRoute = createRoute({
  method: 'post',
  path: '/auth/refresh',
  operationId: 'refreshSession',
  summary: 'Renew the session',
  description:
    'Exchanges the refresh cookie for new cookies. A refresh token used twice revokes its whole session. Send `x-csrf-token`.',
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
  if (!isOwnOrigin(origin, c.var.deps.config.publicUrl, c.req.url))
    throw new ApiError(403, 'origin_not_allowed', `Requests from ${origin} may not sign in here`);
}

/** Sign-up, sign-in and sessions (SPEC.md section 7, Auth). */
export function authRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(signupRootRoute, async (c) => {
    checkOrigin(c);
    const { deps } = c.var;
    const body = c.req.valid('json');
    const passwordHash = await hashPassword(body.password);
    const created = await createRootUser(deps.db, {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash,
    });
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
    const created = await createInvitedUser(deps.db, {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash,
      inviteToken: body.inviteToken,
    });
    const key = await sessionKey(deps.db, deps.config.sessionSecret);
    setSessionCookies(c, await openSession(deps.db, key, created));
    return c.json({ isSuccessful: true as const, user: (await loadUser(deps.db, created.userId))! }, 201);
  });

  app.openapi(forgotPasswordRoute, async (c) => {
    checkOrigin(c);
    const { deps } = c.var;
    const { email } = c.req.valid('json');
    await requestPasswordReset(deps, email);
    return c.json({ isSuccessful: true as const }, 200);
  });

  app.openapi(resetPasswordRoute, async (c) => {
    checkOrigin(c);
    const { deps } = c.var;
    const { token, password } = c.req.valid('json');
    const passwordHash = await hashPassword(password);
    await resetPassword(deps.db, token, passwordHash);
    return c.json({ isSuccessful: true as const }, 200);
  });

  app.openapi(loginRoute, async (c) => {
    checkOrigin(c);
    const { deps } = c.var;
    const { email, password } = c.req.valid('json');
    const { user, teamId } = await authenticatePassword(deps.db, email, password);
    const key = await sessionKey(deps.db, deps.config.sessionSecret);
    setSessionCookies(c, await openSession(deps.db, key, { userId: user.id, teamId }));
    return c.json({ isSuccessful: true as const, user }, 200);
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
