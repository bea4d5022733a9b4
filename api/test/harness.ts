// Test support shared by the api, cli and console suites: a fresh database per call, and a real
// listening server with a bootstrap token.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { inject } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { InProcessOrchestrator } from '../src/crawls/orchestrator.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { startServer, type RunningServer } from '../src/server.js';
import { adminUrl } from './global-setup.js';

export const usingPostgres = (): boolean => Boolean(inject('postgresTemplate'));

/** A migrated, empty database of its own: PGlite loaded from the run's template, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const copy = await createTestDatabaseUrl();
  if (copy) {
    const handle = await openDatabase({ databaseUrl: copy.url });
    return {
      ...handle,
      async close() {
        await handle.close();
        await copy.drop();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const pg = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return openDatabase({ pglite: pg });
}

/**
 * For a server run as a child process, which opens its own database: on PostgreSQL, a new migrated database
 * made from the run's template, with the URL to give it as DATABASE_URL; null on PGlite, where the child
 * initialises `<TRAWL_DATA_DIR>/pgdata` itself.
 */
export async function createTestDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const template = inject('postgresTemplate');
  if (!template) return null;
  const templateName = new URL(template).pathname.slice(1);
  const name = `${templateName}_f${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = postgres(adminUrl(template), { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${name}" template "${templateName}"`);
  const url = new URL(template);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export interface TestServer {
  url: string;
  /** The bootstrap API token of the default team. */
  token: string;
  teamId: string;
  projectId: string;
  dataDir: string;
  server: RunningServer;
  /**
   * The server's in-process orchestrator, typed, for tests that stop, await or look into crawl loops
   * (throws when the server runs crawls on Temporal).
   */
  readonly runner: InProcessOrchestrator;
  close(): Promise<void>;
}

/**
 * Starts the real server on 127.0.0.1 with a port of its own, on a fresh database, with the default
 * team bootstrapped and private networks allowed (fixtures are on loopback). `env` overrides variables.
 */
export async function startTestServer(
  options: { env?: Record<string, string>; database?: DatabaseHandle } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trawl-test-'));
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    TRAWL_DATA_DIR: dataDir,
    TRAWL_LOG_LEVEL: 'error',
    TRAWL_CONSOLE_DIR: join(dataDir, 'no-console'),
    // Fixture sites live on 127.0.0.1; the block itself is proven by a test that leaves this off.
    TRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    // Every test signs up and in from 127.0.0.1; rate-limit.test.ts sets its own low limits.
    TRAWL_RATE_LIMIT_AUTH: '100000',
    TRAWL_RATE_LIMIT_PUBLIC_CRAWLS: '100000',
    ...options.env,
  });
  const server = await startServer(config, { database });
  if (!server.bootstrap) throw new Error('The test database was not empty');
  const credentials = JSON.parse(readFileSync(server.bootstrap.credentialsPath, 'utf8')) as { token: string };
  return {
    url: server.url,
    token: credentials.token,
    teamId: server.bootstrap.teamId,
    projectId: server.bootstrap.projectId,
    dataDir,
    server,
    get runner() {
      const orchestrator = server.deps.orchestrator;
      if (orchestrator.kind !== 'in-process' || !('settled' in orchestrator))
        throw new Error(`This test server runs crawls on ${orchestrator.kind}, not in-process`);
      return orchestrator as InProcessOrchestrator;
    },
    async close() {
      await server.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second team with its own project and API token, for isolation tests. */
export async function createTeamWithToken(
  database: DatabaseHandle,
  name = 'Other team',
): Promise<{ teamId: string; projectId: string; token: string }> {
  const { apiTokens, projects, teams } = await import('../src/db/schema.js');
  const { generateApiToken } = await import('../src/auth/tokens.js');
  const [team] = await database.db.insert(teams).values({ name }).returning({ id: teams.id });
  const [project] = await database.db
    .insert(projects)
    .values({ teamId: team!.id, title: 'default' })
    .returning({ id: projects.id });
  const token = generateApiToken();
  await database.db
    .insert(apiTokens)
    .values({ teamId: team!.id, name: 'test', prefix: token.prefix, tokenHash: token.hash });
  return { teamId: team!.id, projectId: project!.id, token: token.token };
}

export { startDocsFixture } from './fixture-sites.js';
export type { DocsFixture } from './fixture-sites.js';
export { seedCrawl } from './support-seed.js';
export { changeSubscriptionStatus, setTeamBilling } from './billing-helpers.js';
export { startLlmStandIn } from './llm-stand-in.js';
export type { ChatRequest, LlmStandIn, StandInAnswer } from './llm-stand-in.js';
