// Webhooks' part of the API configuration (config.ts spreads it in): how deliveries are sent and retried.
import { z } from 'zod';

export const WEBHOOK_ENV = {
  TRAWL_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  TRAWL_WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  TRAWL_WEBHOOK_MAX_AGE_S: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60 * 60),
  TRAWL_WEBHOOK_POLL_MS: z.coerce.number().int().min(10).default(1_000),
};

type WebhookEnv = z.infer<z.ZodObject<typeof WEBHOOK_ENV>>;

export interface WebhookConfig {
  /** How long one attempt may take before it counts as failed (and is retried). */
  timeoutMs: number;
  /** The first retry's delay; each next one doubles it (capped at an hour). */
  retryBaseMs: number;
  /** How long after its event a delivery is still retried; past it, a failing delivery is `failed`. */
  maxAgeSeconds: number;
  /** How often the outbox is looked at for due deliveries. */
  pollMs: number;
}

export function webhookConfigFrom(e: WebhookEnv): WebhookConfig {
  return {
    timeoutMs: e.TRAWL_WEBHOOK_TIMEOUT_MS,
    retryBaseMs: e.TRAWL_WEBHOOK_RETRY_BASE_MS,
    maxAgeSeconds: e.TRAWL_WEBHOOK_MAX_AGE_S,
    pollMs: e.TRAWL_WEBHOOK_POLL_MS,
  };
}
