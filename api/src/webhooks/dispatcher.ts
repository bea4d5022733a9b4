import { eq, inArray, sql } from 'drizzle-orm';
import { Agent, fetch } from 'undici';
import { assertUrlAllowed, createGuardedLookup } from '@trawl/workflows';
import { rowsOf } from '../crawls/commit-batch.js';
import type { Database } from '../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import type { Logger } from '../logger.js';
import type { WebhookConfig } from './config.js';
import type { WebhookPayload } from './outbox.js';
import { signWebhook } from './signature.js';

/** Deliveries one poll takes at most; the rest wait for the next. */
const CLAIM_LIMIT = 20;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export interface WebhookDispatcher {
  /** Sends what is due now (the poll loop calls it; tests may too). */
  poll(): Promise<void>;
  close(): Promise<void>;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  event: string;
  payload: WebhookPayload;
  attempts: number;
  created_at: string | Date;
}

type Outcome = { ok: true; code: number } | { ok: false; code: number | null; error: string; retry: boolean };

/**
 * Sends the webhook outbox: polls for due deliveries, claims them with `FOR UPDATE SKIP LOCKED` (so
 * several API processes share the work), and POSTs each, signed. A claim pushes `next_attempt_at` past a
 * lease longer than an attempt, so a delivery whose process died mid-attempt is sent again: delivery is
 * at least once, and receivers deduplicate by the payload's `id`.
 */
export function createWebhookDispatcher(options: {
  db: Database;
  config: WebhookConfig;
  allowPrivateNetworks: boolean;
  publicUrl: () => string;
  logger: Logger;
}): WebhookDispatcher {
  const { db, config, allowPrivateNetworks, logger } = options;
  // Past an attempt's timeout, with room to record it: a claim older than this lost its sender.
  const leaseSeconds = Math.ceil((2 * config.timeoutMs) / 1000) + 5;
  const agent = new Agent({
    connect: { lookup: createGuardedLookup(allowPrivateNetworks), timeout: config.timeoutMs },
  });
  let closed = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  async function claim(): Promise<Claimed[]> {
    return rowsOf<Claimed>(
      await db.execute(sql`
        update ${webhookDeliveries}
        set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
        where id in (
          select id from ${webhookDeliveries}
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at
          limit ${CLAIM_LIMIT}
          for update skip locked)
        returning id, endpoint_id, event, payload, attempts, created_at`),
    );
  }

  async function send(url: string, secret: string, delivery: Claimed): Promise<Outcome> {
    try {
      await assertUrlAllowed(url, { allowPrivateNetworks });
    } catch (err: unknown) {
      return { ok: false, code: null, error: errorText(err), retry: false };
    }
    const body = JSON.stringify(withAbsoluteLinks(delivery.payload, options.publicUrl()));
    try {
      const response = await fetch(url, {
        method: 'POST',
        body,
        redirect: 'manual',
        dispatcher: agent,
        signal: AbortSignal.timeout(config.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Trawl-Webhooks/1',
          'trawl-event': delivery.event,
          'trawl-delivery': delivery.id,
          'trawl-signature': signWebhook(secret, Math.floor(Date.now() / 1000), body),
        },
      });
      await response.body?.cancel().catch(() => undefined);
      const code = response.status;
      if (code >= 200 && code < 300) return { ok: true, code };
      const retry = code >= 500 || code === 408 || code === 429;
      return { ok: false, code, error: `The endpoint answered ${code}`, retry };
    } catch (err: unknown) {
      const blocked = hasCode(err, 'ERR_TRAWL_BLOCKED_ADDRESS');
      return { ok: false, code: null, error: errorText(err), retry: !blocked };
    }
  }

  async function deliver(
    delivery: Claimed,
    endpoint: { url: string; secret: string; enabled: boolean } | undefined,
  ) {
    const started = Date.now();
    const outcome: Outcome = !endpoint?.enabled
      ? { ok: false, code: null, error: 'The endpoint is disabled', retry: false }
      : await send(endpoint.url, endpoint.secret, delivery);
    const durationMs = Date.now() - started;
    const delay = Math.min(config.retryBaseMs * 2 ** (delivery.attempts - 1), MAX_BACKOFF_MS);
    const expired =
      new Date(delivery.created_at).getTime() + config.maxAgeSeconds * 1000 < Date.now() + delay;
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        responseCode: outcome.code,
        error: outcome.ok ? null : outcome.error,
        durationMs,
      });
      await tx
        .update(webhookDeliveries)
        .set(
          outcome.ok
            ? {
                status: 'succeeded',
                lastResponseCode: outcome.code,
                lastError: null,
                deliveredAt: sql`now()`,
              }
            : {
                status: outcome.retry && !expired ? 'pending' : 'failed',
                lastResponseCode: outcome.code,
                lastError: outcome.error,
                nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
              },
        )
        .where(eq(webhookDeliveries.id, delivery.id));
    });
  }

  async function poll(): Promise<void> {
    const due = await claim();
    if (due.length === 0) return;
    const endpoints = await db
      .select({
        id: webhookEndpoints.id,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        enabled: webhookEndpoints.enabled,
      })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(due.map((d) => d.endpoint_id))]));
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    await Promise.all(
      due.map((d) =>
        deliver(d, byId.get(d.endpoint_id)).catch((err: unknown) =>
          logger.error(`Webhook delivery ${d.id} could not be recorded; it is retried after its lease`, err),
        ),
      ),
    );
  }

  const loop = (): void => {
    if (closed) return;
    current = poll()
      .catch((err: unknown) => logger.warn('Polling the webhook outbox failed', err))
      .finally(() => {
        if (!closed) timer = setTimeout(loop, config.pollMs);
      });
  };
  timer = setTimeout(loop, 0);

  return {
    poll: () => (current = current.then(poll)),
    async close() {
      closed = true;
      clearTimeout(timer);
      await current.catch(() => undefined);
      await agent.close();
    },
  };
}

/** Links in an event's data are stored as paths; a receiver gets them on this server's public address. */
function withAbsoluteLinks(payload: WebhookPayload, publicUrl: string): WebhookPayload {
  const links = payload.data.links as Record<string, string> | undefined;
  if (!links) return payload;
  const absolute = Object.fromEntries(
    Object.entries(links).map(([k, path]) => [k, new URL(path, publicUrl).href]),
  );
  return { ...payload, data: { ...payload.data, links: absolute } };
}

function hasCode(err: unknown, code: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`.slice(0, 500);
}
