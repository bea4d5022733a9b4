import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.js';
import type { AppDeps } from './app-env.js';
import { bootstrapIfEmpty, type BootstrapResult } from './bootstrap.js';
import { defaultPublicUrl, type Config } from './config.js';
import { createInProcessOrchestrator } from './crawls/orchestrator.js';
import { createTemporalOrchestrator } from './crawls/temporal-orchestrator.js';
import { LEGACY_LOOP } from '@trawl/workflows/temporal';
import { createCrawlStore } from './crawls/store.js';
import type { ErrorBody } from './errors.js';
import { createMailer } from './email/mailer.js';
import { createEventHub } from './events/hub.js';
import { attachEventSocket } from './events/websocket.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { createLogger, type Logger } from './logger.js';
import { saveDefaultBudget } from './billing/usage.js';
import { createScheduler, type Scheduler } from './schedules/scheduler.js';
import { createTemporalSchedules } from './schedules/temporal-schedules.js';
import { createSearchIndexer, type SearchIndexer } from './search/indexer.js';
import { createWebhookDispatcher } from './webhooks/dispatcher.js';

export interface RunningServer {
  /** Base URL the server answers on, such as `http://127.0.0.1:3000`. */
  url: string;
  deps: AppDeps;
  database: DatabaseHandle;
  /** Set on the first start with an empty database. */
  bootstrap: BootstrapResult | null;
  /** The embedded scheduler of crawl schedules (tests tick it). */
  scheduler: Scheduler;
  /** Indexes stored crawl results for full-text search in the background (tests index all at once). */
  searchIndexer: SearchIndexer;
  close(): Promise<void>;
}

export interface StartServerOptions {
  /** An open database to use instead of the one the config names (tests pass a PGlite clone). */
  database?: DatabaseHandle;
  logger?: Logger;
}

/**
 * Opens and migrates the database, listens, bootstraps an empty database, and resumes running crawls.
 * Requests that arrive before all of that is done wait for it: the first answer (a health check's
 * included) comes from a server whose first-start token is already in credentials.json.
 */
export async function startServer(config: Config, options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    ));
  await database.migrate();
  await saveDefaultBudget(database.db, config.billing.maxUsage);

  const store = createCrawlStore(database.db);
  const orchestrator = config.temporal
    ? await createTemporalOrchestrator({
        ...config.temporal,
        loop: { ...LEGACY_LOOP, batchSize: config.crawl.batchSize },
        db: database.db,
        store,
        logger,
      })
    : createInProcessOrchestrator({ store, config, logger });
  const events = await createEventHub(database, logger);
  const mailer = createMailer({ db: database.db, logger, ...config.email });
  const webhooks = createWebhookDispatcher({
    db: database.db,
    config: config.webhooks,
    allowPrivateNetworks: config.crawl.allowPrivateNetworks,
    publicUrl: () => deps.config.publicUrl,
    logger,
  });
  const deps: AppDeps = {
    config,
    db: database.db,
    databaseKind: database.kind,
    orchestrator,
    events,
    mailer,
    webhooks,
    logger,
    ...(config.temporal && {
      temporalSchedules: createTemporalSchedules({
        ...config.temporal,
        crawl: {
          loop: { ...LEGACY_LOOP, batchSize: config.crawl.batchSize },
          retryWindowSeconds: config.temporal.retryWindowSeconds,
        },
        logger,
      }),
    }),
  };
  const app = createApp(deps);
  const scheduler = createScheduler(deps);
  const searchIndexer = createSearchIndexer({ db: database.db, config: config.searchIndex, logger });

  // Listening comes first because, with PORT=0, the address in credentials.json is only known then.
  const startup = createStartupGate();
  const fetch: typeof app.fetch = async (request, ...rest) => {
    if (!startup.done && !(await startup.wait())) {
      const body: ErrorBody = { code: 'unavailable', message: 'Trawl failed to start' };
      return Response.json(body, { status: 503 });
    }
    return app.fetch(request, ...rest);
  };
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  const socket = attachEventSocket(server as Server, deps);
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // With an ephemeral port and no PUBLIC_URL, links in emails and credentials can only name the port once
  // it is known. An explicit PUBLIC_URL (a proxy's https address) stays as given.
  const publicUrl =
    config.port === 0 && config.publicUrl === defaultPublicUrl(config.host, 0) ? url : config.publicUrl;
  if (publicUrl !== config.publicUrl) deps.config = { ...config, publicUrl };

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await scheduler.close();
      await socket.close();
      await events.close();
      mailer.close();
      await webhooks.close();
      await searchIndexer.close();
      await orchestrator.close();
      await deps.temporalSchedules?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      if (!options.database) await database.close();
    })();
    return closing;
  };

  let bootstrap: BootstrapResult | null;
  try {
    bootstrap = config.bootstrap
      ? await bootstrapIfEmpty(database.db, {
          dataDir: config.dataDir,
          apiUrl: publicUrl,
          adminEmail: config.adminEmail,
        })
      : null;
    await orchestrator.resume();
    // After resume: a run launched on this tick is not also resumed.
    scheduler.start();
    searchIndexer.start();
  } catch (err: unknown) {
    startup.fail();
    await close().catch((closeErr: unknown) => logger.error('Closing after a failed start failed', closeErr));
    throw err;
  }
  startup.open();
  return { url, deps, database, bootstrap, scheduler, searchIndexer, close };
}

/**
 * Holds requests until the server has finished starting. `wait()` resolves true once it has, or false if
 * the start failed (the error itself goes to the caller of startServer).
 */
function createStartupGate() {
  let settle!: (started: boolean) => void;
  const started = new Promise<boolean>((resolve) => (settle = resolve));
  const gate = {
    done: false,
    wait: (): Promise<boolean> => started,
    open(): void {
      gate.done = true;
      settle(true);
    },
    fail: (): void => settle(false),
  };
  return gate;
}
