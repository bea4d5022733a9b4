import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  ArcticFetchError,
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
} from 'arctic';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env.js';
import { ApiError, validationHook } from '../errors.js';
import { errorResponses } from '../openapi-helpers.js';
import { createRootUser, findUserIdByEmail, loadUser } from './service.js';
import { openSession, sessionKey, setSessionCookies } from './sessions.js';

const tags = ['Auth'];
const STATE_COOKIE = 'trawl_google_state';
const VERIFIER_COOKIE = 'trawl_google_verifier';
const COOKIE_PATH = '/auth/google';
/** Where browsers are sent: Google's own consent page, as arctic's `Google` provider does. */
const GOOGLE_AUTHORIZATION_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const FLOW_SECONDS = 10 * 60;

const startRoute = createRoute({
  method: 'get',
  path: '/auth/google',
  operationId: 'startGoogleSignIn',
  summary: 'Sign in with Google',
  description:
    'A browser redirect to Google (OAuth 2.0 with PKCE). 501 `google_not_configured` when the server has no Google client.',
  tags,
  security: [],
  responses: { 302: { description: 'Redirect to Google.' }, ...errorResponses(501) },
});

const callbackRoute = createRoute({
  method: 'get',
  path: '/auth/google/callback',
  operationId: 'finishGoogleSignIn',
  summary: 'Google sign-in callback',
  description:
    'Where Google sends the browser back. Signs in (or signs up) the verified Google email, sets the session cookies and redirects to the console.',
  tags,
  security: [],
  request: {
    query: z.object({
      code: z
        .string()
        .max(2048)
        .optional()
        .openapi({ param: { name: 'code', in: 'query' } }),
      state: z
        .string()
        .max(512)
        .optional()
        .openapi({ param: { name: 'state', in: 'query' } }),
      error: z
        .string()
        .max(512)
        .optional()
        .openapi({ param: { name: 'error', in: 'query' } }),
    }),
  },
  responses: {
    302: { description: 'Signed in: redirect to the console.' },
    ...errorResponses(400, 403, 409, 501, 503),
  },
});

function googleClient(c: Context<AppEnv>) {
  const { config } = c.var.deps;
  if (!config.google) {
    throw new ApiError(
      501,
      'google_not_configured',
      'Google sign-in is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
    );
  }
  const redirectUri = config.google.redirectUri ?? `${config.publicUrl}/auth/google/callback`;
  // arctic's `Google` provider is this client with Google's endpoints fixed; the client itself lets the
  // token endpoint be GOOGLE_TOKEN_URL (an egress proxy, or the tests' stand-in).
  return {
    google: config.google,
    client: new OAuth2Client(config.google.clientId, config.google.clientSecret, redirectUri),
  };
}

const badFlow = () =>
  new ApiError(
    400,
    'invalid_oauth_state',
    'This Google sign-in expired or was started elsewhere; please try again',
  );

/** What Google's ID token says of the person. */
interface GoogleClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/** Google sign-in through arctic: `GET /auth/google` and its callback. */
export function googleRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(startRoute, (c) => {
    const { client } = googleClient(c);
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = client.createAuthorizationURLWithPKCE(
      GOOGLE_AUTHORIZATION_URL,
      state,
      CodeChallengeMethod.S256,
      verifier,
      ['openid', 'profile', 'email'],
    );
    const secure = c.var.deps.config.publicUrl.startsWith('https:');
    for (const [name, value] of [
      [STATE_COOKIE, state],
      [VERIFIER_COOKIE, verifier],
    ] as const) {
      setCookie(c, name, value, {
        httpOnly: true,
        secure,
        sameSite: 'Lax',
        path: COOKIE_PATH,
        maxAge: FLOW_SECONDS,
      });
    }
    return c.redirect(url.toString(), 302);
  });

  app.openapi(callbackRoute, async (c) => {
    const { google, client } = googleClient(c);
    const { code, state, error } = c.req.valid('query');
    const expected = getCookie(c, STATE_COOKIE);
    const verifier = getCookie(c, VERIFIER_COOKIE);
    const secure = c.var.deps.config.publicUrl.startsWith('https:');
    deleteCookie(c, STATE_COOKIE, { path: COOKIE_PATH, secure });
    deleteCookie(c, VERIFIER_COOKIE, { path: COOKIE_PATH, secure });
    if (error)
      throw new ApiError(400, 'google_sign_in_cancelled', `Google sign-in did not complete (${error})`);
    if (!code || !state || !expected || !verifier || state !== expected) throw badFlow();

    let claims: GoogleClaims;
    try {
      const tokens = await client.validateAuthorizationCode(google.tokenUrl, code, verifier);
      // Straight from Google's token endpoint over TLS, so the ID token needs no signature check (OIDC 3.1.3.7).
      claims = decodeIdToken(tokens.idToken()) as GoogleClaims;
    } catch (err: unknown) {
      if (err instanceof OAuth2RequestError)
        throw new ApiError(400, 'invalid_oauth_code', 'Google did not accept this sign-in; please try again');
      if (
        err instanceof ArcticFetchError ||
        err instanceof UnexpectedResponseError ||
        err instanceof UnexpectedErrorResponseBodyError
      )
        throw new ApiError(
          503,
          'google_unavailable',
          'Google could not be reached; please try again shortly',
        );
      throw err;
    }
    const email = claims.email?.trim().toLowerCase();
    if (!email || claims.email_verified !== true)
      throw new ApiError(403, 'email_not_verified', 'Google did not confirm this email address');

    const { db, config } = c.var.deps;
    let userId = await findUserIdByEmail(db, email);
    if (!userId) {
      const [first = 'Google', ...rest] = (claims.name ?? '').split(' ');
      const created = await createRootUser(db, {
        email,
        firstName: claims.given_name ?? first,
        lastName: claims.family_name ?? (rest.join(' ') || 'User'),
        passwordHash: null,
      });
      if (!created) throw new ApiError(409, 'email_taken', 'An account with this email already exists');
      userId = created.userId;
    }
    const profile = await loadUser(db, userId);
    const team = profile?.teams[0];
    if (!profile || !team) throw new ApiError(403, 'no_team', 'This account belongs to no team');
    setSessionCookies(
      c,
      await openSession(db, await sessionKey(db, config.sessionSecret), { userId, teamId: team.id }),
    );
    return c.redirect('/', 302);
  });

  return app;
}
