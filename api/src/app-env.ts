import type { AuthContext } from './auth/bearer.js';
import type { Config } from './config.js';
import type { CrawlOrchestrator } from './crawls/orchestrator.js';
import type { Database } from './db/client.js';
import type { Logger } from './logger.js';

/** What every request handler can reach: the app's dependencies, and who is calling once authenticated. */
export interface AppDeps {
  config: Config;
  db: Database;
  orchestrator: CrawlOrchestrator;
  logger: Logger;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    auth: AuthContext;
  };
}
