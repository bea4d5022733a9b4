import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  TRAWL_DATA_DIR: z.string().min(1).default('./.trawl'),
  TRAWL_CONSOLE_DIR: z.string().min(1).optional(),
  TRAWL_CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  TRAWL_CRAWL_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  TRAWL_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  TRAWL_MAX_PAGE_BYTES: z.coerce.number().int().min(1024).default(5 * 1024 * 1024),
  TRAWL_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  TRAWL_PER_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  TRAWL_CHROMIUM_PATH: z.string().min(1).optional(),
  TRAWL_BROWSER_PAGES: z.coerce.number().int().min(1).max(32).default(4),
  TRAWL_PARSE_WORKERS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(64).optional()),
  TRAWL_STATIC_IP: z.string().min(1).optional(),
  TRAWL_STATIC_IP_PROXY_URL: z.url().optional(),
  TRAWL_LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRAWL_BOOTSTRAP: bool.default(true),
  TRAWL_ADMIN_EMAIL: z.string().trim().regex(/^\S+@\S+$/, 'must be an email address').default('admin@localhost'),
  TRAWL_SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  TRAWL_EMAIL_FROM: z.string().min(3).default('Trawl <no-reply@localhost>'),
  TRAWL_SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRAWL_TRUST_PROXY: z.preprocess(
    (v) => (v === 'true' ? '1' : v === 'false' || v === '' ? '0' : v),
    z.coerce.number({ error: 'must be a number of proxy hops (or true/false)' }).int().min(0).max(10).default(0),
  ),
  TRAWL_RATE_LIMIT_PUBLIC_CRAWLS: z.coerce.number().int().min(1).default(10),
  TRAWL_RATE_LIMIT_AUTH: z.coerce.number().int().min(1).default(20),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_REDIRECT_URI: z.url().optional(),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  TEMPORAL_ADDRESS: z.string().regex(/^[^\s:]+:\d+$/, 'must be host:port').optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  TRAWL_WORKER_QUEUES: z
    .string()
    .default('http,browser')
    .transform((v) => v.split(',').map((q) => q.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['http', 'browser'])).min(1, 'must name http, browser or both')),
  TRAWL_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
});

export interface Config {
  port: number;
  host: string;
  /** The address clients use to reach this server; written to credentials.json. */
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  consoleDir: string;
  crawl: {
    concurrency: number;
    batchSize: number;
    requestTimeoutMs: number;
    maxPageBytes: number;
    perHostConcurrency: number;
    /** Crawl private, loopback and link-local addresses (never cloud metadata). Off by default. */
    allowPrivateNetworks: boolean;
    /** Chromium for the Playwright and Auto engines; autodetected when null. */
    chromiumPath: string | null;
    browserPages: number;
    /** Worker threads parsing pages; null for one per core. */
    parseWorkers: number | null;
  };
  staticIp: { address: string; proxyUrl: string } | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Create the default team, project and API token on first start with an empty database. */
  bootstrap: boolean;
  /** The email of the admin account the first start creates. */
  adminEmail: string;
  /** Outgoing email: SMTP when `smtpUrl` is set, otherwise the outbox only. */
  email: { smtpUrl: string | null; from: string };
  /** Signs session access tokens; when unset, a key generated once is kept in the database. */
  sessionSecret: string | null;
  /**
   * Google sign-in, when a client ID and secret are set. `tokenUrl` is Google's token endpoint unless pointed
   * at an egress proxy (or a test's stand-in); browsers are always sent to Google itself.
   */
  google: { clientId: string; clientSecret: string; /** Null: `<publicUrl>/auth/google/callback`. */ redirectUri: string | null; tokenUrl: string } | null;
  /** Proxies in front of the server whose `X-Forwarded-For` entries are trusted; 0 uses the socket's address. */
  trustProxy: number;
  /** Requests per client IP: public crawls started per hour; sign-ins, sign-ups and reset requests per 15 minutes, each. */
  rateLimits: { publicCrawlsPerHour: number; authPer15Minutes: number };
  /** Run crawls on Temporal workers instead of in this process (null: the in-process runner); `rpcTimeoutMs` bounds each call to it. */
  temporal: { address: string; namespace: string; rpcTimeoutMs: number } | null;
  /** For `npm run worker`: the task queues this process serves, and activities run at once per queue. */
  worker: { queues: Array<'http' | 'browser'>; concurrency: number };
}

export class ConfigError extends Error {}

/** Parses the environment once, failing with every bad variable listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (Boolean(e.TRAWL_STATIC_IP) !== Boolean(e.TRAWL_STATIC_IP_PROXY_URL)) {
    throw new ConfigError('Invalid configuration:\n  TRAWL_STATIC_IP and TRAWL_STATIC_IP_PROXY_URL must be set together');
  }
  const hostForUrl = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const publicUrl = e.PUBLIC_URL ?? `http://${hostForUrl}:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.TRAWL_DATA_DIR),
    consoleDir: e.TRAWL_CONSOLE_DIR ? resolve(e.TRAWL_CONSOLE_DIR) : resolve(import.meta.dirname, '../../console/dist'),
    crawl: {
      concurrency: e.TRAWL_CRAWL_CONCURRENCY,
      batchSize: e.TRAWL_CRAWL_BATCH_SIZE,
      requestTimeoutMs: e.TRAWL_REQUEST_TIMEOUT_MS,
      maxPageBytes: e.TRAWL_MAX_PAGE_BYTES,
      perHostConcurrency: e.TRAWL_PER_HOST_CONCURRENCY,
      allowPrivateNetworks: e.TRAWL_ALLOW_PRIVATE_NETWORKS,
      chromiumPath: e.TRAWL_CHROMIUM_PATH ?? null,
      browserPages: e.TRAWL_BROWSER_PAGES,
      parseWorkers: e.TRAWL_PARSE_WORKERS ?? null,
    },
    staticIp: e.TRAWL_STATIC_IP && e.TRAWL_STATIC_IP_PROXY_URL ? { address: e.TRAWL_STATIC_IP, proxyUrl: e.TRAWL_STATIC_IP_PROXY_URL } : null,
    logLevel: e.TRAWL_LOG_LEVEL,
    bootstrap: e.TRAWL_BOOTSTRAP,
    adminEmail: e.TRAWL_ADMIN_EMAIL,
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
    trustProxy: e.TRAWL_TRUST_PROXY,
    rateLimits: { publicCrawlsPerHour: e.TRAWL_RATE_LIMIT_PUBLIC_CRAWLS, authPer15Minutes: e.TRAWL_RATE_LIMIT_AUTH },
    temporal: e.TEMPORAL_ADDRESS ? { address: e.TEMPORAL_ADDRESS, namespace: e.TEMPORAL_NAMESPACE, rpcTimeoutMs: e.TEMPORAL_RPC_TIMEOUT_MS } : null,
    worker: { queues: e.TRAWL_WORKER_QUEUES, concurrency: e.TRAWL_WORKER_CONCURRENCY },
  };
}
