import Stripe from 'stripe';
import type { StripeConfig } from './config.js';

const clients = new WeakMap<StripeConfig, Stripe>();

/** The `stripe` client for this configuration, made once; its protocol, host and port come from STRIPE_API_URL. */
export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const url = new URL(config.apiUrl);
    client = new Stripe(config.secretKey, {
      protocol: url.protocol === 'http:' ? 'http' : 'https',
      host: url.hostname,
      port: url.port || (url.protocol === 'http:' ? 80 : 443),
      maxNetworkRetries: 1,
      timeout: 20_000,
      appInfo: { name: 'Trawl' },
    });
    clients.set(config, client);
  }
  return client;
}

/** Stripe's own message for a failed call, or 'Unknown error' when it gives none. */
export function stripeMessage(err: unknown): string {
  const message = err instanceof Stripe.errors.StripeError ? err.message : undefined;
  return message?.trim() ? message : 'Unknown error';
}

/** A failure Stripe reports about the request (a declined card, a bad token), rather than an outage. */
export function isStripeRequestError(err: unknown): boolean {
  return (
    err instanceof Stripe.errors.StripeCardError || err instanceof Stripe.errors.StripeInvalidRequestError
  );
}
