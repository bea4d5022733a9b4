import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.js';
import { json } from '../openapi-helpers.js';
import { createHealthCheck } from './service.js';

const HealthSchema = z
  .object({
    isHealthy: z.boolean().openapi({ description: 'True when `database` and `crawler` both are.' }),
    database: z.boolean().openapi({ description: 'The API reaches its database.' }),
    crawler: z.boolean().openapi({
      description:
        'Crawls can run: the in-process runner is up, or, with Temporal, Temporal answers and workers poll the trawl-http, trawl-browser and trawl-extract task queues.',
    }),
  })
  .openapi('Health');

const isHealthyRoute = createRoute({
  method: 'get',
  path: '/is-healthy',
  operationId: 'isHealthy',
  summary: 'Check the service',
  description:
    'Answers whether the API reaches its database and crawls can run. Needs no credentials, and says no more than these booleans. Checked at most every 5 seconds, so it is cheap to poll (the console polls every 30 seconds to show its partial-outage banner).',
  tags: ['Health'],
  responses: {
    200: { description: 'The service is healthy.', ...json(HealthSchema) },
    503: {
      description: 'The database or the crawler is down: crawls may be delayed or fail.',
      ...json(HealthSchema),
    },
  },
});

export function healthRoutes(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  const checkHealth = createHealthCheck();
  app.openapi(isHealthyRoute, async (c) => {
    const health = await checkHealth(c.var.deps);
    c.header('cache-control', 'no-store');
    return c.json(health, health.isHealthy ? 200 : 503);
  });
  return app;
}
