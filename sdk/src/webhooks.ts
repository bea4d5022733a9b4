// Webhook endpoints and their delivery logs: the typed methods over the generated functions, and the
// signature check receivers run on each delivery.
import type { RequestOptions } from './client.js';
import type { Caller } from './call.js';
import type { Client } from './gen/client/index.js';
import * as api from './gen/sdk.gen.js';
import type {
  CreateWebhookRequest,
  CreatedWebhookEndpoint,
  UpdateWebhookRequest,
  WebhookDelivery,
  WebhookEndpoint,
} from './gen/types.gen.js';

/** The project's webhook endpoints (the client's `projectId`, else the team's first project). */
export interface WebhooksApi {
  /** The project's endpoints, oldest first; never their secrets. */
  list(options?: RequestOptions): Promise<WebhookEndpoint[]>;
  /**
   * Adds an endpoint. The answer holds its signing `secret`, this once: keep it to verify deliveries.
   * @example
   * const { id, secret } = await trawl.webhooks.create({ url: 'https://example.com/hooks/trawl', events: ['crawl.completed'] });
   */
  create(body: CreateWebhookRequest, options?: RequestOptions): Promise<CreatedWebhookEndpoint>;
  get(id: string, options?: RequestOptions): Promise<WebhookEndpoint>;
  /** Changes the URL, events or description, or turns the endpoint off (`enabled: false`) and on. */
  update(id: string, body: UpdateWebhookRequest, options?: RequestOptions): Promise<WebhookEndpoint>;
  delete(id: string, options?: RequestOptions): Promise<void>;
  /** The endpoint's latest deliveries, newest first, each with its attempts. */
  deliveries(id: string, query?: { limit?: number }, options?: RequestOptions): Promise<WebhookDelivery[]>;
  /** Sends a delivery's event again, as a new delivery. */
  redeliver(id: string, deliveryId: string, options?: RequestOptions): Promise<WebhookDelivery>;
}

export function createWebhooksApi(raw: Client, call: Caller): WebhooksApi {
  return {
    list: (o) => call((signal) => api.listWebhooks({ client: raw, signal }), o?.signal),
    create: (body, o) => call((signal) => api.createWebhook({ client: raw, body, signal }), o?.signal),
    get: (id, o) => call((signal) => api.getWebhook({ client: raw, path: { id }, signal }), o?.signal),
    update: (id, body, o) =>
      call((signal) => api.updateWebhook({ client: raw, path: { id }, body, signal }), o?.signal),
    delete: async (id, o) => {
      await call((signal) => api.deleteWebhook({ client: raw, path: { id }, signal }), o?.signal);
    },
    deliveries: (id, query = {}, o) =>
      call((signal) => api.listWebhookDeliveries({ client: raw, path: { id }, query, signal }), o?.signal),
    redeliver: (id, deliveryId, o) =>
      call((signal) => api.redeliverWebhook({ client: raw, path: { id, deliveryId }, signal }), o?.signal),
  };
}

export interface VerifyWebhookOptions {
  /** The request body exactly as received (the raw text or bytes, not re-serialised JSON). */
  payload: string | Uint8Array;
  /** The `Trawl-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
  header: string | null | undefined;
  /** The endpoint's secret (`whsec_...`), shown when it was created. */
  secret: string;
  /**
   * How far the signature's time may be from now, in seconds, so a captured delivery cannot be replayed later.
   * @default 300
   */
  toleranceSeconds?: number;
  /** The time to check against, in Unix seconds. @default now */
  now?: number;
}

/**
 * Whether a webhook delivery is genuine: its `Trawl-Signature` is the HMAC-SHA256, keyed with the
 * endpoint's secret, of `<t>.<body>`, and `t` is within the tolerance of now. Uses Web Crypto, so it works
 * in Node.js 20+, browsers and edge runtimes.
 * @example
 * const ok = await verifyWebhookSignature({
 *   payload: await request.text(),
 *   header: request.headers.get('trawl-signature'),
 *   secret: process.env.TRAWL_WEBHOOK_SECRET!,
 * });
 * if (!ok) return new Response('bad signature', { status: 400 });
 */
export async function verifyWebhookSignature(options: VerifyWebhookOptions): Promise<boolean> {
  const parts = new Map<string, string[]>();
  for (const item of (options.header ?? '').split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), item.slice(at + 1).trim()]);
  }
  const t = parts.get('t')?.[0];
  const signatures = parts.get('v1') ?? [];
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(t)) > (options.toleranceSeconds ?? 300)) return false;

  const encoder = new TextEncoder();
  const body = typeof options.payload === 'string' ? encoder.encode(options.payload) : options.payload;
  const signed = new Uint8Array([...encoder.encode(`${t}.`), ...body]);
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(options.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const expected = new Uint8Array(await crypto.subtle.sign('HMAC', key, signed));
  return signatures.some((hex) => sameBytes(expected, fromHex(hex)));
}

function fromHex(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g)!, (byte) => parseInt(byte, 16));
}

/** Compares in constant time for equal lengths, so timing tells nothing about the expected signature. */
function sameBytes(a: Uint8Array, b: Uint8Array | null): boolean {
  if (!b || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
