import type { AuthContext } from './auth/bearer.js';
import type { Config } from './config.js';
import type { CrawlOrchestrator } from './crawls/orchestrator.js';
import type { Database } from './db/client.js';
import type { Mailer } from './email/mailer.js';
import type { EventHub } from './events/hub.js';
import type { Logger } from './logger.js';
import type { TemporalSchedules } from './schedules/temporal-schedules.js';
import type { WebhookDispatcher } from './webhooks/dispatcher.js';

/** What every request handler can reach: the app's dependencies, and who is calling once authenticated. */
export interface AppDeps {
  config: Config;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  orchestrator: CrawlOrchestrator;
  /** Live events fanned out from the database to streams and sockets. */
  events: EventHub;
  mailer: Mailer;
  /** Sends the webhook outbox. */
  webhooks: WebhookDispatcher;
  logger: Logger;
  /** With crawls on Temporal, the Temporal Schedules kept in step with schedules; unset otherwise. */
  temporalSchedules?: TemporalSchedules;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    auth: AuthContext;
  };
}
