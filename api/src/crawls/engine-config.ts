// The crawl engine's settings: the same variables configure it in the API (in-process crawls) and in a
// Temporal worker, so both loaders take them from here.
import { z } from 'zod';
import { bool } from '../env.js';

/** The engine's environment variables, with their defaults. */
export const ENGINE_ENV = {
  TRAWL_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  TRAWL_MAX_PAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  TRAWL_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  TRAWL_PER_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  TRAWL_CHROMIUM_PATH: z.string().min(1).optional(),
  TRAWL_BROWSER_PAGES: z.coerce.number().int().min(1).max(32).default(4),
  TRAWL_PARSE_WORKERS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(64).optional(),
  ),
  TRAWL_STATIC_IP: z.string().min(1).optional(),
  TRAWL_STATIC_IP_PROXY_URL: z.url().optional(),
};

/** Variables that only work as a pair. */
export const ENGINE_ENV_PAIRS: Array<[string, string]> = [['TRAWL_STATIC_IP', 'TRAWL_STATIC_IP_PROXY_URL']];

type EngineEnv = z.infer<z.ZodObject<typeof ENGINE_ENV>>;

export interface EngineConfig {
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
}

/** The fixed egress address of "Use static IPs" crawls and the proxy that provides it. */
export interface StaticIpConfig {
  address: string;
  proxyUrl: string;
}

export function engineConfigFrom(e: EngineEnv): EngineConfig {
  return {
    requestTimeoutMs: e.TRAWL_REQUEST_TIMEOUT_MS,
    maxPageBytes: e.TRAWL_MAX_PAGE_BYTES,
    perHostConcurrency: e.TRAWL_PER_HOST_CONCURRENCY,
    allowPrivateNetworks: e.TRAWL_ALLOW_PRIVATE_NETWORKS,
    chromiumPath: e.TRAWL_CHROMIUM_PATH ?? null,
    browserPages: e.TRAWL_BROWSER_PAGES,
    parseWorkers: e.TRAWL_PARSE_WORKERS ?? null,
  };
}

export function staticIpFrom(e: EngineEnv): StaticIpConfig | null {
  return e.TRAWL_STATIC_IP && e.TRAWL_STATIC_IP_PROXY_URL
    ? { address: e.TRAWL_STATIC_IP, proxyUrl: e.TRAWL_STATIC_IP_PROXY_URL }
    : null;
}
