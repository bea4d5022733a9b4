import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from './app-env.js';
import { accountRoutes } from './account/routes.js';
import { bearerCors as createBearerCors } from './bearer-cors.js';
import { adminRoutes } from './admin/routes.js';
import { apiTokenRoutes } from './api-tokens/routes.js';
import { authRoutes } from './auth/routes.js';
import { billingRoutes } from './billing/routes.js';
import { googleRoutes } from './auth/google.js';
import { signInLinkRoutes } from './auth/sign-in-links.js';
import { mountConsole } from './console-assets.js';
import { serveConsoleNavigations } from './console-navigations.js';
import { crawlRoutes } from './crawls/routes.js';
import { appCrawlRoutes } from './app-crawls/routes.js';
import { crawlResultRoutes } from './crawl-results/routes.js';
import { searchRoutes } from './search/routes.js';
import { docsRoutes } from './docs/routes.js';
import { folderRoutes } from './folders/routes.js';
import { changeRoutes } from './changes/routes.js';
import { renderError, validationHook, type ErrorBody } from './errors.js';
import { TeamEventSchema } from './events/schemas.js';
import { healthRoutes } from './health/routes.js';
import { memberRoutes } from './members/routes.js';
import { projectRoutes } from './projects/routes.js';
import { publicRoutes } from './public/routes.js';
import { RATE_RULES, rateLimit } from './rate-limit.js';
import { scheduleRoutes } from './schedules/routes.js';
import { securityHeaders } from './security-headers.js';
import { supportAdminRoutes } from './support/admin-routes.js';
import { supportRoutes } from './support/routes.js';
import { teamRoutes } from './teams/routes.js';
import { webhookRoutes } from './webhooks/routes.js';

export const API_INFO = {
  title: 'Trawl API',
  version: '0.1.0',
  description:
    'Crawl websites into clean markdown. Authenticate with `Authorization: Bearer <API token>`. Errors share one shape: `{ code, message, details? }`.\n\n' +
    'Live events: `GET /crawls/{id}/events` streams one crawl as Server-Sent Events; the WebSocket at `/events` carries every event of the team ' +
    '(`TeamEvent` messages). Authenticate the socket with the `Authorization` header, or with a first message `{"type":"auth","token":"<API token>"}`; ' +
    'it answers `{"type":"ready"}` once live.',
};

/** Every API route, with no dependencies bound: what openapi.yaml describes. */
export function createApiRoutes(): OpenAPIHono<AppEnv> {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API token, such as the one `npm start` prints on first start.',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'trawl_access',
    description:
      'The browser session set by /auth/login. Writes also send `x-csrf-token` with the value of the `trawl_csrf` cookie.',
  });
  // Not a route's body: what the `/events` WebSocket sends, so SDKs get its type.
  api.openAPIRegistry.register('TeamEvent', TeamEventSchema);
  api.route('/', healthRoutes());
  // Per client IP, before the routes they guard (see README: TRAWL_TRUST_PROXY).
  api.use('/auth/login', rateLimit(RATE_RULES.login));
  api.use('/auth/signup/*', rateLimit(RATE_RULES.signup));
  api.use('/auth/forgotPassword', rateLimit(RATE_RULES.forgotPassword));
  api.route('/', authRoutes());
  api.route('/', googleRoutes());
  // Projects before teams, so that `/teams/projects` is never taken for the team id of `/teams/{id}`.
  api.route('/', projectRoutes());
  api.route('/', teamRoutes());
  api.route('/', billingRoutes());
  api.route('/', apiTokenRoutes());
  api.route('/', memberRoutes());
  api.route('/', signInLinkRoutes());
  api.route('/', accountRoutes());
  api.route('/', adminRoutes());
  api.route('/', crawlRoutes());
  api.route('/', publicRoutes());
  // The web app's paths of SPEC.md section 7, after the public try-out that shares their prefixes.
  api.route('/', appCrawlRoutes());
  api.route('/', crawlResultRoutes());
  api.route('/', searchRoutes());
  api.route('/', supportRoutes());
  api.route('/', supportAdminRoutes());
  api.route('/', folderRoutes());
  api.route('/', scheduleRoutes());
  api.route('/', webhookRoutes());
  api.route('/', changeRoutes());
  return api;
}

/** Builds the HTTP app: dependencies, CORS, the error renderer, API routes and, when built, the console. */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', securityHeaders());
  // Bearer-token calls carry no ambient credentials, so any origin may make them (the SDK in browsers).
  const bearerCors = createBearerCors();
  app.use('/crawls', bearerCors);
  app.use('/crawls/*', bearerCors);
  app.use('/crawl-options', bearerCors);
  app.onError((err, c) =>
    renderError(err, c, (e) => deps.logger.error(`${c.req.method} ${c.req.path} failed`, e)),
  );
  app.notFound((c) =>
    c.json(
      { code: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` } satisfies ErrorBody,
      404,
    ),
  );

  // Before the API: a browser opening a console page whose path the API also serves (/admin/health) gets the page.
  if (deps.config.consoleDir) serveConsoleNavigations(app, deps.config.consoleDir);
  app.route('/', createApiRoutes());
  app.route('/', docsRoutes(buildOpenApiDocument));
  if (deps.config.consoleDir) mountConsole(app, deps.config.consoleDir);
  return app;
}

/** The OpenAPI 3.1 document of every route, as committed in openapi.yaml. */
export function buildOpenApiDocument() {
  return createApiRoutes().getOpenAPI31Document({
    openapi: '3.1.0',
    info: API_INFO,
    servers: [{ url: 'http://localhost:3000', description: 'The embedded server `npm start` runs' }],
    tags: [
      { name: 'Auth', description: 'Sign up, sign in, and browser sessions (cookies with CSRF protection).' },
      { name: 'Teams', description: 'Teams, members and invitations, projects, and API tokens.' },
      { name: 'Billing', description: 'Plans, usage, card and invoices through Stripe; its webhook.' },
      {
        name: 'Admin',
        description: "For Trawl admins only: service health, every team's crawls, the email outbox.",
      },
      { name: 'Crawls', description: 'Start, watch, list and abort crawls, and read their results.' },
      {
        name: 'Public',
        description: 'The try-out: start and read a crawl without an account, at most 15 results.',
      },
      { name: 'Health', description: 'Service status.' },
      { name: 'Support', description: 'Support requests and problem reports on crawl results.' },
      {
        name: 'Webhooks',
        description:
          'Signed POSTs of crawl events to your endpoints, with a delivery log and redelivery. Verify `Trawl-Signature` as the README shows.',
      },
    ],
  });
}
