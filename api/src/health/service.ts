import { sql } from 'drizzle-orm';
import type { AppDeps } from '../app-env.js';

/** What anyone may learn of the service: booleans only, no versions, addresses or error text. */
export interface Health {
  isHealthy: boolean;
  database: boolean;
  crawler: boolean;
}

/** Every open console polls every 30 s: one check per few seconds serves them all. */
export const HEALTH_CACHE_MS = 5_000;
/** A database that does not answer a `select 1` within this is as good as down for a health poll. */
const DATABASE_TIMEOUT_MS = 3_000;

async function checkDatabase(deps: AppDeps): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer within ${DATABASE_TIMEOUT_MS} ms`)),
      DATABASE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([deps.db.execute(sql`select 1`), timeout]);
    return true;
  } catch (err: unknown) {
    deps.logger.error('Health check: the database does not answer', err);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The service's health, checked at most once per {@link HEALTH_CACHE_MS} per server: callers in between
 * (including those arriving while a check runs) share the last answer.
 */
export function createHealthCheck(): (deps: AppDeps) => Promise<Health> {
  const last = new WeakMap<AppDeps, { at: number; health: Promise<Health> }>();
  return (deps) => {
    const now = Date.now();
    const cached = last.get(deps);
    if (cached && now - cached.at < HEALTH_CACHE_MS) return cached.health;
    const health = Promise.all([checkDatabase(deps), deps.orchestrator.checkHealth()]).then(
      ([database, crawler]) => ({ isHealthy: database && crawler, database, crawler }),
    );
    last.set(deps, { at: now, health });
    return health;
  };
}
