import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { requireAuthOnce } from '../auth/bearer.js';
import { SuccessSchema, UserSchema } from '../auth/schemas.js';
import { loadUser } from '../auth/service.js';
import { clearSessionCookies } from '../auth/sessions.js';
import { ApiError, notFound, validationHook } from '../errors.js';
import { errorResponses, json } from '../openapi-helpers.js';
import { ChangePasswordBodySchema, UpdateProfileBodySchema } from './schemas.js';
import { changePassword, revokeAllSessions, updateProfile } from './service.js';

const tags = ['Auth'];
const security = [{ sessionCookie: [] }];

const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/auth/me',
  operationId: 'updateMe',
  summary: 'Change your name',
  description: 'Fields left out stay as they are. Needs a signed-in session (send `x-csrf-token`).',
  tags,
  security,
  request: { body: { required: true, ...json(UpdateProfileBodySchema) } },
  responses: { 200: { description: 'The user.', ...json(UserSchema) }, ...errorResponses(400, 401, 403) },
});

const changePasswordRoute = createRoute({
  method: 'post',
  path: '/auth/change-password',
  operationId: 'changePassword',
  summary: 'Change your password',
  description:
    'Needs the current password. Every other session of the account is signed out; this one stays. A wrong current password is a 400 `invalid_password`.',
  tags,
  security,
  request: { body: { required: true, ...json(ChangePasswordBodySchema) } },
  responses: {
    200: { description: 'The password is changed.', ...json(SuccessSchema) },
    ...errorResponses(400, 401, 403),
  },
});

const logoutEverywhereRoute = createRoute({
  method: 'post',
  path: '/auth/logout-all',
  operationId: 'logoutEverywhere',
  summary: 'Sign out of every session',
  description:
    "Revokes every session of the account on every device, this one included, and clears this browser's cookies. API tokens keep working.",
  tags,
  security,
  responses: { 204: { description: 'Signed out everywhere.' }, ...errorResponses(401, 403) },
});

/** The account's own user, from a browser session: an API token may not change the person behind it. */
function sessionUser(c: Context<AppEnv>): { userId: string; familyId: string | undefined } {
  const { auth } = c.var;
  if (auth.origin !== 'web' || !auth.userId)
    throw new ApiError(403, 'forbidden', 'Changing an account needs a signed-in session, not an API token');
  return { userId: auth.userId, familyId: auth.sessionFamilyId };
}

/** The signed-in user's own account: name, password, and every session (SPEC.md section 2, settings). */
export function accountRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/auth/me', '/auth/change-password', '/auth/logout-all'])
    app.on(['PATCH', 'POST'], path, requireAuthOnce);

  app.openapi(updateProfileRoute, async (c) => {
    const { userId } = sessionUser(c);
    const { db } = c.var.deps;
    await updateProfile(db, userId, c.req.valid('json'));
    const user = await loadUser(db, userId);
    if (!user) throw notFound('User');
    return c.json(user, 200);
  });

  app.openapi(changePasswordRoute, async (c) => {
    const { userId, familyId } = sessionUser(c);
    await changePassword(c.var.deps.db, userId, familyId, c.req.valid('json'));
    return c.json({ isSuccessful: true as const }, 200);
  });

  app.openapi(logoutEverywhereRoute, async (c) => {
    const { userId } = sessionUser(c);
    await revokeAllSessions(c.var.deps.db, userId);
    clearSessionCookies(c);
    return c.body(null, 204);
  });

  return app;
}
