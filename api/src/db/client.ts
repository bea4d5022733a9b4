import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { openPglite } from './pglite.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * Listens for NOTIFY on `channel` until the returned function is called. `onListen` runs each time the
   * listener is (re)established, so a caller can catch up on what it may have missed while disconnected.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListen?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The advisory lock migrations are applied under (any fixed number; this one spells "trawl"). */
const MIGRATION_LOCK = 0x747261776c;

export const MIGRATIONS_DIR = resolve(import.meta.dirname, '../../drizzle');

export type DatabaseSource =
  /** PostgreSQL; `maxConnections` sizes the pool. @default 10 */
  | { databaseUrl: string; maxConnections?: number }
  | { dataDir: string }
  /** An already open PGlite instance, such as a test's clone of a template. */
  | { pglite: PGlite };

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite in `<dataDir>/pgdata`. */
export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if ('databaseUrl' in source) {
    const sql = postgres(source.databaseUrl, { max: source.maxConnections ?? 10, onnotice: () => undefined });
    const db = drizzlePostgres(sql, { schema });
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // The API and every worker migrate at start; under `--scale` or Kubernetes they start together.
        // A session lock makes them take turns: the first applies, the rest find nothing left to do.
        const session = await sql.reserve();
        try {
          await session`select pg_advisory_lock(${MIGRATION_LOCK})`;
          await migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await session`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => undefined);
          session.release();
        }
      },
      async listen(channel, onNotify, onListen) {
        // postgres-js keeps a dedicated connection for LISTEN and re-listens (calling onListen) after a reconnect.
        const request = await sql.listen(channel, onNotify, onListen);
        return () => request.unlisten();
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  let client: PGlite;
  if ('pglite' in source) {
    client = source.pglite;
  } else {
    client = await openPglite(source.dataDir);
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    async listen(channel, onNotify, onListen) {
      // One process: a notification committed through this same instance is delivered here.
      const unlisten = await client.listen(channel, onNotify);
      onListen?.();
      return () => unlisten();
    },
    close: () => client.close(),
  };
}
