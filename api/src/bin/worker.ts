#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { createLimiter } from '@trawl/workflows';
import { createActivities, createCrawlWorkers } from '@trawl/workflows/temporal';
import { extractionDeps } from '../crawls/extraction-config.js';
import { createEngine } from '../crawls/orchestrator.js';
import { createSharedPoliteness } from '../crawls/host-politeness.js';
import { createCrawlStore } from '../crawls/store.js';
import { openDatabase } from '../db/client.js';
import { ConfigError } from '../env.js';
import { createLogger } from '../logger.js';
import { createScheduledRunActivities, temporalRunPorts } from '../schedules/scheduled-run-activity.js';
import { loadWorkerConfig } from '../worker/config.js';

// `npm run worker`: a Temporal worker for crawls. It shares the API's PostgreSQL database (the frontier,
// results and logs live there) and serves the task queues TRAWL_WORKER_QUEUES names. On trawl-http it also
// runs the workflows Temporal Schedules start, one per run of a crawl schedule.
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadWorkerConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    maxConnections: config.databasePoolSize,
  });
  await database.migrate();
  const engine = createEngine(config, logger, createSharedPoliteness(database.db));
  // A schedule's run starts its crawl's workflow from here, as the API would.
  const clientConnection = Connection.lazy({ address: config.temporal.address, ...config.temporal.security });
  const client = new Client({ connection: clientConnection, namespace: config.temporal.namespace });
  const activities = {
    ...createActivities({
      store: createCrawlStore(database.db),
      engine,
      schedule: createLimiter(config.pageConcurrency),
      extraction: extractionDeps(config.extraction),
    }),
    ...createScheduledRunActivities({
      db: database.db,
      logger,
      config,
      ...temporalRunPorts(client),
    }),
  };
  const { workers, connection } = await createCrawlWorkers({
    ...config.temporal,
    queues: config.queues,
    activities,
    maxConcurrentActivities: config.concurrency,
    shutdownGraceTime: config.shutdownGraceSeconds * 1000,
  });
  logger.info(
    `Worker for ${config.queues.map((q) => `trawl-${q}`).join(', ')} connected to ${config.temporal.address} (namespace ${config.temporal.namespace})`,
  );
  // SIGINT and SIGTERM are the Temporal runtime's: it shuts every worker down, draining activities in
  // flight for up to TRAWL_WORKER_SHUTDOWN_GRACE_S, and run() returns.
  try {
    await Promise.all(workers.map((w) => w.run()));
  } finally {
    await engine.close();
    await connection.close();
    await clientConnection.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
