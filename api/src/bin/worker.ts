#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { createActivities, createCrawlWorkers } from '@trawl/workflows/temporal';
import { ConfigError, loadConfig } from '../config.js';
import { createEngine } from '../crawls/orchestrator.js';
import { createCrawlStore } from '../crawls/store.js';
import { openDatabase } from '../db/client.js';
import { createLogger } from '../logger.js';

// `npm run worker`: a Temporal worker for crawls. It shares the API's PostgreSQL database (the frontier,
// results and logs live there) and serves the task queues TRAWL_WORKER_QUEUES names.
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (!config.temporal) throw new ConfigError('Invalid configuration:\n  TEMPORAL_ADDRESS: required for a worker (host:port of the Temporal frontend)');
  if (!config.databaseUrl) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: required for a worker; workers and the API share one PostgreSQL database');
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  await database.migrate();
  const engine = createEngine(config, logger);
  const activities = createActivities({ store: createCrawlStore(database.db), engine });
  const { workers, connection } = await createCrawlWorkers({
    ...config.temporal,
    queues: config.worker.queues,
    activities,
    maxConcurrentActivities: config.worker.concurrency,
  });
  logger.info(`Worker for ${config.worker.queues.map((q) => `trawl-${q}`).join(', ')} connected to ${config.temporal.address} (namespace ${config.temporal.namespace})`);
  const stop = (): void => workers.forEach((w) => w.shutdown());
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await Promise.all(workers.map((w) => w.run()));
  } finally {
    await engine.close();
    await connection.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
