#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { signInLinkUrl, SIGN_IN_LINK_TTL_HOURS } from '../auth/sign-in-links.js';
import { loadConfig } from '../config.js';
import { ConfigError } from '../env.js';
import { startServer } from '../server.js';

async function main(): Promise<void> {
  // A local .env is the documented way to configure the embedded server (see .env.example).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const server = await startServer(config);
  const { database, bootstrap } = server;
  const out = (line = ''): boolean => process.stdout.write(`${line}\n`);

  out(`Trawl is running at ${server.url}`);
  out(
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  out(`  crawls:   ${server.deps.orchestrator.kind}`);
  if (bootstrap) {
    out();
    out(
      'First start: created a team, a project, an admin account and an API token (each secret is shown once).',
    );
    out(`  Admin sign-in: ${bootstrap.adminEmail} / ${bootstrap.adminPassword}`);
    out(`  API token: ${bootstrap.token}`);
    out(`  Saved to ${bootstrap.credentialsPath} (mode 0600); the CLI reads it from there.`);
    out(
      `  Open the console signed in (this link works once, for ${SIGN_IN_LINK_TTL_HOURS} hours): ${signInLinkUrl(server.deps.config.publicUrl, bootstrap.signInToken)}`,
    );
  }

  const stop = (signal: string): void => {
    out(`\n${signal}: stopping; running crawls resume on the next start.`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port already in use: ${(err as Error).message}. Set PORT to another port.`);
  } else {
    console.error('Trawl failed to start:', err);
  }
  process.exit(1);
});
