import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { requireAuthOnce } from '../auth/bearer.js';
import { ProjectHeaderSchema } from '../crawls/schemas.js';
import { validationHook } from '../errors.js';
import { IdParamsSchema, errorResponses, json, memberSecurity } from '../openapi-helpers.js';
import { resolveProjectId } from '../projects/current-project.js';
import {
  CreateWebhookBodySchema,
  CreatedWebhookEndpointSchema,
  DeliveriesQuerySchema,
  DeliveryParamsSchema,
  UpdateWebhookBodySchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  toWebhookDeliveryDto,
  toWebhookEndpointDto,
} from './schemas.js';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  updateWebhook,
} from './service.js';

const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
  createRoute({ tags: ['Webhooks'], security: memberSecurity, ...r });

const listRoute = route({
  method: 'get',
  path: '/webhooks',
  operationId: 'listWebhooks',
  summary: 'List webhook endpoints',
  description:
    "The endpoints of the project (`x-project-id`, else the token's or the team's first); never their secrets.",
  request: { headers: ProjectHeaderSchema },
  responses: {
    200: { description: 'Endpoints.', ...json(z.array(WebhookEndpointSchema)) },
    ...errorResponses(401, 403, 404),
  },
});
const createWebhookRoute = route({
  method: 'post',
  path: '/webhooks',
  operationId: 'createWebhook',
  summary: 'Create a webhook endpoint',
  description:
    'Events of the project are POSTed to `url`, signed with the secret in this answer (shown once). URLs on private, loopback or metadata addresses are refused unless the server allows private networks.',
  request: { headers: ProjectHeaderSchema, body: { required: true, ...json(CreateWebhookBodySchema) } },
  responses: {
    201: { description: 'The endpoint, with its secret.', ...json(CreatedWebhookEndpointSchema) },
    ...errorResponses(400, 401, 403, 404),
  },
});
const getRoute = route({
  method: 'get',
  path: '/webhooks/{id}',
  operationId: 'getWebhook',
  summary: 'Get a webhook endpoint',
  request: { params: IdParamsSchema },
  responses: {
    200: { description: 'The endpoint.', ...json(WebhookEndpointSchema) },
    ...errorResponses(401, 404),
  },
});
const updateRoute = route({
  method: 'patch',
  path: '/webhooks/{id}',
  operationId: 'updateWebhook',
  summary: 'Update a webhook endpoint',
  description: 'Change its URL, events or description, or turn it off and on.',
  request: { params: IdParamsSchema, body: { required: true, ...json(UpdateWebhookBodySchema) } },
  responses: {
    200: { description: 'The endpoint.', ...json(WebhookEndpointSchema) },
    ...errorResponses(400, 401, 404),
  },
});
const deleteRoute = route({
  method: 'delete',
  path: '/webhooks/{id}',
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook endpoint',
  description: 'Its delivery log goes with it, and deliveries still pending are not sent.',
  request: { params: IdParamsSchema },
  responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 404) },
});
const deliveriesRoute = route({
  method: 'get',
  path: '/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: "List a webhook endpoint's deliveries",
  description: 'The latest deliveries, newest first, each with its status, attempts and response codes.',
  request: { params: IdParamsSchema, query: DeliveriesQuerySchema },
  responses: {
    200: { description: 'Deliveries.', ...json(z.array(WebhookDeliverySchema)) },
    ...errorResponses(400, 401, 404),
  },
});
const redeliverRoute = route({
  method: 'post',
  path: '/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  operationId: 'redeliverWebhook',
  summary: 'Redeliver a webhook event',
  description: "Sends the delivery's event again, as a new delivery with the same payload, at once.",
  request: { params: DeliveryParamsSchema },
  responses: {
    201: { description: 'The new delivery.', ...json(WebhookDeliverySchema) },
    ...errorResponses(401, 404, 409),
  },
});

/** A project's webhook endpoints and their delivery logs (issue #16: webhooks). */
export function webhookRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const path of ['/webhooks', '/webhooks/*']) app.use(path, requireAuthOnce);

  app.openapi(listRoute, async (c) => {
    const { deps, auth } = c.var;
    const projectId = await resolveProjectId(deps.db, auth, c.req.header('x-project-id'));
    const rows = await listWebhooks(deps.db, auth, projectId);
    return c.json(rows.map(toWebhookEndpointDto), 200);
  });

  app.openapi(createWebhookRoute, async (c) => {
    const { deps, auth } = c.var;
    const projectId = await resolveProjectId(deps.db, auth, c.req.header('x-project-id'));
    const allow = deps.config.crawl.allowPrivateNetworks;
    const row = await createWebhook(deps.db, auth, projectId, c.req.valid('json'), allow);
    return c.json({ ...toWebhookEndpointDto(row), secret: row.secret }, 201);
  });

  app.openapi(getRoute, async (c) => {
    const row = await getWebhook(c.var.deps.db, c.var.auth, c.req.valid('param').id);
    return c.json(toWebhookEndpointDto(row), 200);
  });

  app.openapi(updateRoute, async (c) => {
    const { deps, auth } = c.var;
    const allow = deps.config.crawl.allowPrivateNetworks;
    const row = await updateWebhook(deps.db, auth, c.req.valid('param').id, c.req.valid('json'), allow);
    return c.json(toWebhookEndpointDto(row), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteWebhook(c.var.deps.db, c.var.auth, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.openapi(deliveriesRoute, async (c) => {
    const { deps, auth } = c.var;
    const endpoint = await getWebhook(deps.db, auth, c.req.valid('param').id);
    const rows = await listDeliveries(deps.db, endpoint.id, c.req.valid('query').limit);
    return c.json(
      rows.map((r) => toWebhookDeliveryDto(r.delivery, r.attempts)),
      200,
    );
  });

  app.openapi(redeliverRoute, async (c) => {
    const { deps, auth } = c.var;
    const { id, deliveryId } = c.req.valid('param');
    const endpoint = await getWebhook(deps.db, auth, id);
    const row = await redeliver(deps.db, endpoint, deliveryId);
    void deps.webhooks.poll().catch((err: unknown) => deps.logger.warn('Sending a redelivery failed', err));
    return c.json(toWebhookDeliveryDto(row, []), 201);
  });

  return app;
}
