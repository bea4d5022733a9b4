import { z } from 'zod';
import {
  ENGINE_ENV,
  ENGINE_ENV_PAIRS,
  engineConfigFrom,
  staticIpFrom,
  type EngineConfig,
  type StaticIpConfig,
} from '../crawls/engine-config.js';
import {
  EXTRACTION_ENV,
  EXTRACTION_ENV_PAIRS,
  extractionConfigFrom,
  type ExtractionConfig,
} from '../crawls/extraction-config.js';
import { hostPort, logLevel, parseEnv, postgresUrl } from '../env.js';
import {
  TEMPORAL_CONNECTION_ENV,
  TEMPORAL_CONNECTION_PAIRS,
  temporalSecurityFrom,
  type TemporalConnectionSecurity,
} from '../temporal-connection.js';

// The configuration of `npm run worker`, a Temporal worker for crawls. It reads only what a worker uses:
// the shared PostgreSQL database, Temporal, its task queues, and the crawl engine's settings.
const WorkerConfigSchema = z.object({
  DATABASE_URL: z
    .string({ error: 'required; workers and the API share one PostgreSQL database' })
    .pipe(postgresUrl),
  TEMPORAL_ADDRESS: z.string({ error: 'required; host:port of the Temporal frontend' }).pipe(hostPort),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  ...TEMPORAL_CONNECTION_ENV,
  TRAWL_WORKER_QUEUES: z
    .string()
    .default('http,browser,extract')
    .transform((v) =>
      v
        .split(',')
        .map((q) => q.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.enum(['http', 'browser', 'extract'])).min(1, 'must name http, browser, extract or several'),
    ),
  TRAWL_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  TRAWL_CRAWL_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  TRAWL_WORKER_SHUTDOWN_GRACE_S: z.coerce.number().int().min(0).max(3600).default(30),
  TRAWL_LOG_LEVEL: logLevel,
  ...ENGINE_ENV,
  ...EXTRACTION_ENV,
});

export interface WorkerConfig {
  databaseUrl: string;
  temporal: { address: string; namespace: string; security: TemporalConnectionSecurity };
  /** The task queues this process serves: `http` (HTTP fetches and the crawl workflows), `browser`, or both. */
  queues: Array<'http' | 'browser' | 'extract'>;
  /** Activities run at once per queue. */
  concurrency: number;
  /** Pages processed at once across all of the worker's activities, as in the API's in-process runner. */
  pageConcurrency: number;
  /** On SIGTERM, how long activities in flight may finish before they are cancelled (and retried elsewhere). */
  shutdownGraceSeconds: number;
  /**
   * Database connections: enough for every activity the worker runs at once to hold one (a commit holds
   * its connection for its whole transaction), plus the shared politeness and a margin.
   */
  databasePoolSize: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  crawl: EngineConfig;
  staticIp: StaticIpConfig | null;
  /** AI extraction on the trawl-extract queue: the model, if any. */
  extraction: ExtractionConfig;
}

/** Parses the worker's environment once, failing with every bad variable listed. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const e = parseEnv(WorkerConfigSchema, env, [
    ...ENGINE_ENV_PAIRS,
    ...EXTRACTION_ENV_PAIRS,
    ...TEMPORAL_CONNECTION_PAIRS,
  ]);
  return {
    databaseUrl: e.DATABASE_URL,
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      security: temporalSecurityFrom(e),
    },
    queues: e.TRAWL_WORKER_QUEUES,
    concurrency: e.TRAWL_WORKER_CONCURRENCY,
    pageConcurrency: e.TRAWL_CRAWL_CONCURRENCY,
    shutdownGraceSeconds: e.TRAWL_WORKER_SHUTDOWN_GRACE_S,
    databasePoolSize: Math.max(10, e.TRAWL_WORKER_CONCURRENCY * e.TRAWL_WORKER_QUEUES.length + 4),
    logLevel: e.TRAWL_LOG_LEVEL,
    crawl: engineConfigFrom(e),
    staticIp: staticIpFrom(e),
    extraction: extractionConfigFrom(e),
  };
}
