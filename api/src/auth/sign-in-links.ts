import { randomBytes } from 'node:crypto';
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppEnv } from '../app-env.js';
import type { Database } from '../db/client.js';
import { signInLinks } from '../db/schema.js';
import { ApiError, validationHook } from '../errors.js';
import { errorResponses, json } from '../openapi-helpers.js';
import { AuthResponseSchema } from './schemas.js';
import { loadUser } from './service.js';
import { isOwnOrigin, openSession, sessionKey, setSessionCookies } from './sessions.js';
import { hashToken } from './tokens.js';

/** How long a sign-in link works: long enough to open the console after reading the first start's output. */
export const SIGN_IN_LINK_TTL_HOURS = 24;

/** The fragment key of a console link that signs in: `/#signInToken=...`, kept out of server logs and Referer. */
export const SIGN_IN_LINK_FRAGMENT = 'signInToken';

const SignInLinkBodySchema = z
  .strictObject({
    token: z
      .string({ error: 'Invalid sign-in link' })
      .min(10, { error: 'Invalid sign-in link' })
      .max(200, { error: 'Invalid sign-in link' }),
  })
  .openapi('SignInLinkRequest');

const signInLinkRoute = createRoute({
  method: 'post',
  path: '/auth/sign-in-link',
  operationId: 'signInWithLink',
  summary: 'Sign in with a one-time link',
  description:
    `Exchanges the token of a one-time sign-in link (the console link the first start prints, \`/#${SIGN_IN_LINK_FRAGMENT}=...\`) for a session: ` +
    `the same cookies as /auth/login. A link works once, for ${SIGN_IN_LINK_TTL_HOURS} hours; an unknown, used or expired one is a 400 \`invalid_sign_in_link\`.`,
  tags: ['Auth'],
  security: [],
  request: { body: { required: true, ...json(SignInLinkBodySchema) } },
  responses: {
    200: { description: 'Signed in.', ...json(AuthResponseSchema) },
    ...errorResponses(400, 403),
  },
});

/** Stores a one-time sign-in link for a user and returns its token (only its hash is kept). */
export async function createSignInLink(
  db: Database,
  userId: string,
  ttlHours = SIGN_IN_LINK_TTL_HOURS,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(signInLinks).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  return token;
}

/** The console address that signs in with a link's token. */
export const signInLinkUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/#${SIGN_IN_LINK_FRAGMENT}=${token}`;

/** `POST /auth/sign-in-link`: uses up a one-time link and opens a session. */
export function signInLinkRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(signInLinkRoute, async (c) => {
    const { deps } = c.var;
    // Like every write that starts a session: from this server's pages, or from no browser at all.
    const origin = c.req.header('origin');
    if (origin && !isOwnOrigin(origin, deps.config.publicUrl, c.req.url))
      throw new ApiError(403, 'origin_not_allowed', `Requests from ${origin} may not sign in here`);
    const { token } = c.req.valid('json');
    // Marking it used in the same statement that finds it: two clicks cannot both sign in.
    const [used] = await deps.db
      .update(signInLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(signInLinks.tokenHash, hashToken(token)),
          isNull(signInLinks.usedAt),
          gt(signInLinks.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: signInLinks.userId });
    if (!used)
      throw new ApiError(
        400,
        'invalid_sign_in_link',
        'This sign-in link is invalid, has expired or was already used; sign in with your email and password',
      );
    const user = await loadUser(deps.db, used.userId);
    const team = user?.teams[0];
    if (!user || !team) throw new ApiError(403, 'no_team', 'This account belongs to no team');
    const key = await sessionKey(deps.db, deps.config.sessionSecret);
    setSessionCookies(c, await openSession(deps.db, key, { userId: user.id, teamId: team.id }));
    return c.json({ isSuccessful: true as const, user }, 200);
  });

  return app;
}
