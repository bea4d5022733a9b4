import { z } from '@hono/zod-openapi';
import type { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { WEBHOOK_EVENTS } from './outbox.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

const EventSchema = z.enum(WEBHOOK_EVENTS, {
  error: `Events must be among ${WEBHOOK_EVENTS.join(', ')}`,
});

export const WebhookEndpointSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    url: z.string(),
    events: z.array(EventSchema),
    enabled: z.boolean(),
    description: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('WebhookEndpoint');
export type WebhookEndpointDto = z.infer<typeof WebhookEndpointSchema>;

export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().openapi({
    description: 'The signing secret (`whsec_...`), shown this once. Verify `Trawl-Signature` with it.',
  }),
}).openapi('CreatedWebhookEndpoint');

const url = z
  .string({ error: 'URL is required' })
  .trim()
  .max(2000, { error: 'URL must have at most 2000 characters' })
  .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), {
    error: 'URL must be an http:// or https:// URL',
  });
const events = z
  .array(EventSchema, { error: 'Events must be a list of event names' })
  .min(1, { error: 'Choose at least one event' })
  .transform((list) => [...new Set(list)]);
const description = z.string().trim().max(200, { error: 'Description must have at most 200 characters' });

export const CreateWebhookBodySchema = z
  .strictObject({
    url,
    events,
    enabled: z.boolean().optional(),
    description: description.optional(),
  })
  .openapi('CreateWebhookRequest');
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;

export const UpdateWebhookBodySchema = z
  .strictObject({
    url: url.optional(),
    events: events.optional(),
    enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
    description: description.optional(),
  })
  .openapi('UpdateWebhookRequest');
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>;

export const WebhookAttemptSchema = z
  .object({
    attemptedAt: z.iso.datetime(),
    responseCode: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number().int(),
  })
  .openapi('WebhookAttempt');

export const WebhookDeliverySchema = z
  .object({
    id: z.uuid(),
    endpointId: z.uuid(),
    event: EventSchema,
    payload: z
      .record(z.string(), z.unknown())
      .openapi({ description: 'The body sent: `{ id, type, createdAt, data }`.' }),
    status: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    nextAttemptAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: 'When a pending delivery is tried next.' }),
    lastResponseCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    deliveredAt: z.iso.datetime().nullable(),
    attemptLog: z.array(WebhookAttemptSchema).openapi({ description: 'Every attempt, oldest first.' }),
  })
  .openapi('WebhookDelivery');
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliverySchema>;

export const DeliveryParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
  deliveryId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'deliveryId', in: 'path' } }),
});

export const DeliveriesQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(50)
    .openapi({ param: { name: 'limit', in: 'query' } }),
});

export function toWebhookEndpointDto(row: WebhookEndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    projectId: row.projectId,
    url: row.url,
    events: row.events as WebhookEndpointDto['events'],
    enabled: row.enabled,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toWebhookDeliveryDto(
  row: WebhookDeliveryRow,
  attempts: WebhookAttemptRow[],
): WebhookDeliveryDto {
  return {
    id: row.id,
    endpointId: row.endpointId,
    event: row.event as WebhookDeliveryDto['event'],
    payload: row.payload as Record<string, unknown>,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    lastResponseCode: row.lastResponseCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    attemptLog: attempts.map((a) => ({
      attemptedAt: a.attemptedAt.toISOString(),
      responseCode: a.responseCode,
      error: a.error,
      durationMs: a.durationMs,
    })),
  };
}
