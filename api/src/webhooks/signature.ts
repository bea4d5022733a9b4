import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: `whsec_` and 32 random bytes, base64url. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `Trawl-Signature` header of a body sent at `timestamp` (Unix seconds):
 * `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>" keyed with the secret>`.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}
