import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app.js';
import type { AppDeps } from './app-env.js';
import { bootstrapIfEmpty, type BootstrapResult } from './bootstrap.js';
import type { Config } from './config.js';
import { createInProcessOrchestrator } from './crawls/orchestrator.js';
import { createTemporalOrchestrator } from './crawls/temporal-orchestrator.js';
import { createCrawlStore } from './crawls/store.js';
import { createMailer } from './email/mailer.js';
import { createEventHub } from './events/hub.js';
import { attachEventSocket } from './events/websocket.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { createLogger, type Logger } from './logger.js';

export interface RunningServer {
  /** Base URL the server answers on, such as `http://127.0.0.1:3000`. */
  url: string;
  deps: AppDeps;
  database: DatabaseHandle;
  /** Set on the first start with an empty database. */
  bootstrap: BootstrapResult | null;
  close(): Promise<void>;
}

export interface StartServerOptions {
  /** An open database to use instead of the one the config names (tests pass a PGlite clone). */
  database?: DatabaseHandle;
  logger?: Logger;
}

/** Opens and migrates the database, bootstraps an empty one, listens, and resumes running crawls. */
export async function startServer(config: Config, options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = options.database ?? (await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }));
  await database.migrate();

  const orchestrator = config.temporal
    ? await createTemporalOrchestrator({ ...config.temporal, logger })
    : createInProcessOrchestrator({ store: createCrawlStore(database.db), config, logger });
  const events = await createEventHub(database, logger);
  const mailer = createMailer({ db: database.db, logger, ...config.email });
  const deps: AppDeps = { config, db: database.db, databaseKind: database.kind, orchestrator, events, mailer, logger };
  const app = createApp(deps);

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
    s.once('error', reject);
  });
  const socket = attachEventSocket(server as Server, deps);
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicUrl = config.port === 0 ? url : config.publicUrl;
  // With an ephemeral port, links in emails and credentials can only name the port once it is known.
  if (publicUrl !== config.publicUrl) deps.config = { ...config, publicUrl };

  const bootstrap = config.bootstrap ? await bootstrapIfEmpty(database.db, { dataDir: config.dataDir, apiUrl: publicUrl, adminEmail: config.adminEmail }) : null;
  await orchestrator.resume();

  let closing: Promise<void> | undefined;
  return {
    url,
    deps,
    database,
    bootstrap,
    close() {
      closing ??= (async () => {
        await socket.close();
        await events.close();
        mailer.close();
        await orchestrator.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        if (!options.database) await database.close();
      })();
      return closing;
    },
  };
}
