import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuth } from '../auth/bearer.js';
import { validationHook } from '../errors.js';
import { IdParamsSchema, errorResponses, json, memberSecurity } from '../openapi-helpers.js';
import { ApiTokenSchema, CreateTokenBodySchema, CreatedApiTokenSchema, toApiTokenDto } from './schemas.js';
import { createApiToken, listApiTokens, revokeApiToken } from './service.js';

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ tags: ['Teams'], security: memberSecurity, ...r });

const listTokensRoute = route({
  method: 'get',
  path: '/api-tokens',
  operationId: 'listApiTokens',
  summary: 'List API tokens',
  description:
    "The team's tokens that are not revoked, newest first: prefixes and last use, never the tokens.",
  responses: { 200: { description: 'Tokens.', ...json(z.array(ApiTokenSchema)) }, ...errorResponses(401) },
});
const createTokenRoute = route({
  method: 'post',
  path: '/api-tokens',
  operationId: 'createApiToken',
  summary: 'Create an API token',
  description:
    "The token is in this answer only. A token bound to a project reaches only that project's crawls.",
  request: { body: { required: true, ...json(CreateTokenBodySchema) } },
  responses: {
    201: { description: 'The token, shown once.', ...json(CreatedApiTokenSchema) },
    ...errorResponses(400, 401, 403, 404),
  },
});
const revokeTokenRoute = route({
  method: 'delete',
  path: '/api-tokens/{id}',
  operationId: 'revokeApiToken',
  summary: 'Revoke an API token',
  description: 'It stops working at once.',
  request: { params: IdParamsSchema },
  responses: { 204: { description: 'Revoked.' }, ...errorResponses(401, 403, 404) },
});

/** A team's API tokens (SPEC.md section 7, Teams and projects): shown once, stored hashed. */
export function apiTokenRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/api-tokens', '/api-tokens/*']) app.use(path, requireAuth);

  app.openapi(listTokensRoute, async (c) => {
    const rows = await listApiTokens(c.var.deps.db, c.var.auth);
    return c.json(rows.map(toApiTokenDto), 200);
  });

  app.openapi(createTokenRoute, async (c) => {
    const { deps, auth } = c.var;
    const { row, token } = await createApiToken(deps.db, auth, c.req.valid('json'));
    return c.json({ ...toApiTokenDto(row), token }, 201);
  });

  app.openapi(revokeTokenRoute, async (c) => {
    const { deps, auth } = c.var;
    await revokeApiToken(deps.db, auth, c.req.valid('param').id);
    return c.body(null, 204);
  });

  return app;
}
