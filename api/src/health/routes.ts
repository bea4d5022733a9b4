import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../app-env.js';
import { json } from '../openapi-helpers.js';

const HealthSchema = z.object({ isHealthy: z.boolean() }).openapi('Health');

const isHealthyRoute = createRoute({
  method: 'get',
  path: '/is-healthy',
  operationId: 'isHealthy',
  summary: 'Check the service',
  description: 'Answers `isHealthy: true` when the API can reach its database. Needs no credentials.',
  tags: ['Health'],
  responses: {
    200: { description: 'The service is healthy.', ...json(HealthSchema) },
    503: { description: 'The database cannot be reached.', ...json(HealthSchema) },
  },
});

export function healthRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(isHealthyRoute, async (c) => {
    try {
      await c.var.deps.db.execute(sql`select 1`);
      return c.json({ isHealthy: true }, 200);
    } catch (err: unknown) {
      c.var.deps.logger.error('Health check failed', err);
      return c.json({ isHealthy: false }, 503);
    }
  });
  return app;
}
