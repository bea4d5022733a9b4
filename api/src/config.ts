import { DEFAULT_RETRY_WINDOW_SECONDS } from '@trawl/workflows/temporal';
import {
  TEMPORAL_CONNECTION_ENV,
  TEMPORAL_CONNECTION_PAIRS,
  temporalSecurityFrom,
  type TemporalConnectionSecurity,
} from './temporal-connection.js';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  ENGINE_ENV,
  ENGINE_ENV_PAIRS,
  engineConfigFrom,
  staticIpFrom,
  type EngineConfig,
  type StaticIpConfig,
} from './crawls/engine-config.js';
import {
  EXTRACTION_ENV,
  EXTRACTION_ENV_PAIRS,
  extractionConfigFrom,
  type ExtractionConfig,
} from './crawls/extraction-config.js';
import { WEBHOOK_ENV, webhookConfigFrom, type WebhookConfig } from './webhooks/config.js';
import { SEARCH_INDEX_ENV, searchIndexConfigFrom, type SearchIndexConfig } from './search/config.js';
import { bool, hostPort, logLevel, parseEnv, postgresUrl } from './env.js';
import {
  BILLING_ENV,
  BILLING_ENV_PAIRS,
  billingConfigFrom,
  stripeConfigFrom,
  type BillingConfig,
  type StripeConfig,
} from './billing/config.js';

// The API server's configuration (`npm start`). The worker (`npm run worker`) has its own: worker/config.ts.
const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: postgresUrl.optional(),
  TRAWL_DATA_DIR: z.string().min(1).default('./.trawl'),
  TRAWL_CONSOLE_DIR: z.string().min(1).optional(),
  TRAWL_CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  TRAWL_CRAWL_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  ...ENGINE_ENV,
  ...EXTRACTION_ENV,
  TRAWL_LOG_LEVEL: logLevel,
  TRAWL_BOOTSTRAP: bool.default(true),
  TRAWL_ADMIN_EMAIL: z
    .string()
    .trim()
    .regex(/^\S+@\S+$/, 'must be an email address')
    .default('admin@localhost'),
  TRAWL_SUPPORT_EMAIL: z
    .string()
    .trim()
    .regex(/^\S+@\S+$/, 'must be an email address')
    .optional(),
  TRAWL_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  TRAWL_EMAIL_FROM: z.string().min(3).default('Trawl <no-reply@localhost>'),
  TRAWL_SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRAWL_TRUST_PROXY: z.preprocess(
    (v) => (v === 'true' ? '1' : v === 'false' || v === '' ? '0' : v),
    z.coerce
      .number({ error: 'must be a number of proxy hops (or true/false)' })
      .int()
      .min(0)
      .max(10)
      .default(0),
  ),
  TRAWL_RATE_LIMIT_PUBLIC_CRAWLS: z.coerce.number().int().min(1).default(10),
  TRAWL_RATE_LIMIT_AUTH: z.coerce.number().int().min(1).default(20),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_REDIRECT_URI: z.url().optional(),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  ...BILLING_ENV,
  TRAWL_SCHEDULER_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(15_000),
  TRAWL_SCHEDULER_CLOCK_OFFSET_S: z.coerce.number().int().default(0),
  ...WEBHOOK_ENV,
  ...SEARCH_INDEX_ENV,
  TEMPORAL_ADDRESS: hostPort.optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  ...TEMPORAL_CONNECTION_ENV,
  TEMPORAL_RETRY_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_RETRY_WINDOW_SECONDS),
});

export interface Config {
  port: number;
  host: string;
  /** The address clients use to reach this server; written to credentials.json. */
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  consoleDir: string;
  /** The crawl engine, and how the in-process runner drives it: pages at once, pages per batch. */
  crawl: EngineConfig & { concurrency: number; batchSize: number };
  staticIp: StaticIpConfig | null;
  /** AI extraction: the model (or none, for the offline extractor). */
  extraction: ExtractionConfig;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Create the default team, project and API token on first start with an empty database. */
  bootstrap: boolean;
  /** The email of the admin account the first start creates. */
  adminEmail: string;
  /** Where support requests are emailed: TRAWL_SUPPORT_EMAIL, else the admin's email. */
  supportEmail: string;
  /** Outgoing email: SMTP when `smtpUrl` is set, otherwise the outbox only. */
  email: { smtpUrl: string | null; from: string };
  /** Signs session access tokens; when unset, a key generated once is kept in the database. */
  sessionSecret: string | null;
  /**
   * Google sign-in, when a client ID and secret are set. `tokenUrl` is Google's token endpoint unless pointed
   * at an egress proxy (or a test's stand-in); browsers are always sent to Google itself.
   */
  google: {
    clientId: string;
    clientSecret: string;
    /** Null: `<publicUrl>/auth/google/callback`. */ redirectUri: string | null;
    tokenUrl: string;
  } | null;
  /**
   * Card payments through Stripe, when its three keys are set; the console hands the publishable key to
   * Stripe.js. Set, the console's Content-Security-Policy also allows Stripe.js and its API; unset, no Stripe
   * origin is allowed and the billing routes answer 501.
   */
  stripe: StripeConfig | null;
  /** Usage budgets: the units of each plan, and of a team without one (api/src/billing/). */
  billing: BillingConfig;
  /** Webhook deliveries: attempt timeout, retry backoff and for how long (api/src/webhooks/). */
  webhooks: WebhookConfig;
  /** The background full-text indexing of stored crawl results (api/src/search/indexer.ts). */
  searchIndex: SearchIndexConfig;
  /** Proxies in front of the server whose `X-Forwarded-For` entries are trusted; 0 uses the socket's address. */
  trustProxy: number;
  /** Requests per client IP: public crawls started per hour; sign-ins, sign-ups and reset requests per 15 minutes, each. */
  rateLimits: { publicCrawlsPerHour: number; authPer15Minutes: number };
  /**
   * The embedded scheduler of crawl schedules: how often it looks for due ones, and a shift of its clock
   * (tests make a schedule due without waiting; leave 0 in production).
   */
  scheduler: { pollMs: number; clockOffsetSeconds: number };
  /** Run crawls on Temporal workers instead of in this process (null: the in-process runner); `rpcTimeoutMs` bounds each call to it. */
  temporal: {
    address: string;
    namespace: string;
    rpcTimeoutMs: number;
    /** How long a crawl's step retries an infrastructure fault before the crawl ends `error`. */
    retryWindowSeconds: number;
    /** TLS and an API key for a frontend reached over the internet (Temporal Cloud). */
    security: TemporalConnectionSecurity;
  } | null;
}

/** `PUBLIC_URL` when unset: the address the server binds, with a wildcard interface named `localhost`. */
export function defaultPublicUrl(host: string, port: number): string {
  const hostForUrl = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${hostForUrl}:${port}`;
}

/** Parses the environment once, failing with every bad variable listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(ConfigSchema, env, [
    ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    ...ENGINE_ENV_PAIRS,
    ...EXTRACTION_ENV_PAIRS,
    ...TEMPORAL_CONNECTION_PAIRS,
    ...BILLING_ENV_PAIRS,
  ]);
  const publicUrl = e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.TRAWL_DATA_DIR),
    consoleDir: e.TRAWL_CONSOLE_DIR
      ? resolve(e.TRAWL_CONSOLE_DIR)
      : resolve(import.meta.dirname, '../../console/dist'),
    crawl: {
      ...engineConfigFrom(e),
      concurrency: e.TRAWL_CRAWL_CONCURRENCY,
      batchSize: e.TRAWL_CRAWL_BATCH_SIZE,
    },
    staticIp: staticIpFrom(e),
    extraction: extractionConfigFrom(e),
    logLevel: e.TRAWL_LOG_LEVEL,
    bootstrap: e.TRAWL_BOOTSTRAP,
    adminEmail: e.TRAWL_ADMIN_EMAIL,
    supportEmail: e.TRAWL_SUPPORT_EMAIL ?? e.TRAWL_ADMIN_EMAIL,
    email: { smtpUrl: e.TRAWL_SMTP_URL ?? null, from: e.TRAWL_EMAIL_FROM },
    sessionSecret: e.TRAWL_SESSION_SECRET ?? null,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            redirectUri: e.GOOGLE_REDIRECT_URI ?? null,
            tokenUrl: e.GOOGLE_TOKEN_URL,
          }
        : null,
    stripe: stripeConfigFrom(e),
    billing: billingConfigFrom(e),
    webhooks: webhookConfigFrom(e),
    searchIndex: searchIndexConfigFrom(e),
    trustProxy: e.TRAWL_TRUST_PROXY,
    rateLimits: {
      publicCrawlsPerHour: e.TRAWL_RATE_LIMIT_PUBLIC_CRAWLS,
      authPer15Minutes: e.TRAWL_RATE_LIMIT_AUTH,
    },
    scheduler: { pollMs: e.TRAWL_SCHEDULER_POLL_MS, clockOffsetSeconds: e.TRAWL_SCHEDULER_CLOCK_OFFSET_S },
    temporal: e.TEMPORAL_ADDRESS
      ? {
          address: e.TEMPORAL_ADDRESS,
          namespace: e.TEMPORAL_NAMESPACE,
          rpcTimeoutMs: e.TEMPORAL_RPC_TIMEOUT_MS,
          retryWindowSeconds: e.TEMPORAL_RETRY_WINDOW_S,
          security: temporalSecurityFrom(e),
        }
      : null,
  };
}
