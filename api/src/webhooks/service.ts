import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { assertUrlAllowed } from '@trawl/workflows';
import type { AuthContext } from '../auth/bearer.js';
import type { Database } from '../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { ApiError, notFound } from '../errors.js';
import { isUuid } from '../ids.js';
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookAttemptRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
} from './schemas.js';
import { generateWebhookSecret } from './signature.js';

/**
 * Webhook targets obey the crawler's network rules: a private, loopback or link-local address is refused
 * unless TRAWL_ALLOW_PRIVATE_NETWORKS is on, a metadata address always. Host names are resolved and
 * checked here, and again when each delivery connects (DNS may change).
 */
async function assertTargetAllowed(url: string, allowPrivateNetworks: boolean): Promise<void> {
  try {
    await assertUrlAllowed(url, { allowPrivateNetworks, resolve: true });
  } catch (err: unknown) {
    const blocked = (err as { code?: unknown }).code === 'ERR_TRAWL_BLOCKED_ADDRESS';
    const message = blocked
      ? 'Webhook URLs may not point at private, loopback, link-local or metadata addresses'
      : `The webhook URL's host could not be resolved (${err instanceof Error ? err.message : String(err)})`;
    throw new ApiError(400, blocked ? 'blocked_address' : 'unresolvable_host', message, [
      { path: 'url', message },
    ]);
  }
}

function scopeOf(auth: AuthContext, id: string): SQL {
  const filters = [eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, auth.teamId)];
  if (auth.projectId) filters.push(eq(webhookEndpoints.projectId, auth.projectId));
  return and(...filters)!;
}

/** The project's endpoints, oldest first. */
export async function listWebhooks(db: Database, auth: AuthContext, projectId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.teamId, auth.teamId), eq(webhookEndpoints.projectId, projectId)))
    .orderBy(asc(webhookEndpoints.createdAt));
}

/** An endpoint of the caller's team (and bound project); a 404 otherwise. */
export async function getWebhook(db: Database, auth: AuthContext, id: string): Promise<WebhookEndpointRow> {
  if (!isUuid(id)) throw notFound('Webhook');
  const [row] = await db.select().from(webhookEndpoints).where(scopeOf(auth, id)).limit(1);
  if (!row) throw notFound('Webhook');
  return row;
}

/** A new endpoint with a new secret, which the caller sees this once. */
export async function createWebhook(
  db: Database,
  auth: AuthContext,
  projectId: string,
  body: CreateWebhookBody,
  allowPrivateNetworks: boolean,
): Promise<WebhookEndpointRow> {
  await assertTargetAllowed(body.url, allowPrivateNetworks);
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      teamId: auth.teamId,
      projectId,
      url: body.url,
      events: body.events,
      enabled: body.enabled ?? true,
      description: body.description ?? '',
      secret: generateWebhookSecret(),
    })
    .returning();
  if (!row) throw new Error('Inserting the webhook returned no row');
  return row;
}

export async function updateWebhook(
  db: Database,
  auth: AuthContext,
  id: string,
  body: UpdateWebhookBody,
  allowPrivateNetworks: boolean,
): Promise<WebhookEndpointRow> {
  await getWebhook(db, auth, id);
  if (body.url !== undefined) await assertTargetAllowed(body.url, allowPrivateNetworks);
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...body, updatedAt: sql`now()` })
    .where(scopeOf(auth, id))
    .returning();
  if (!row) throw notFound('Webhook');
  return row;
}

/** Deletes the endpoint with its delivery log; deliveries still pending are dropped. */
export async function deleteWebhook(db: Database, auth: AuthContext, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Webhook');
  const rows = await db
    .delete(webhookEndpoints)
    .where(scopeOf(auth, id))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) throw notFound('Webhook');
}

/** The endpoint's latest deliveries, newest first, each with its attempts. */
export async function listDeliveries(
  db: Database,
  endpointId: string,
  limit: number,
): Promise<Array<{ delivery: WebhookDeliveryRow; attempts: WebhookAttemptRow[] }>> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(asc(webhookAttempts.attemptedAt));
  return deliveries.map((delivery) => ({
    delivery,
    attempts: attempts.filter((a) => a.deliveryId === delivery.id),
  }));
}

/**
 * Sends a delivery's event again, as a new delivery with the same payload (its `id` too, so receivers
 * can tell it is the same event), due at once.
 */
export async function redeliver(
  db: Database,
  endpoint: WebhookEndpointRow,
  deliveryId: string,
): Promise<WebhookDeliveryRow> {
  if (!isUuid(deliveryId)) throw notFound('Delivery');
  const [original] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
    .limit(1);
  if (!original) throw notFound('Delivery');
  if (!endpoint.enabled)
    throw new ApiError(409, 'webhook_disabled', 'The webhook is disabled; enable it to redeliver');
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint.id, event: original.event, payload: original.payload })
    .returning();
  if (!row) throw new Error('Inserting the delivery returned no row');
  return row;
}
