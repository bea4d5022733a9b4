// Builds one migrated database template per test run. PGlite: a data-dir dump that each test file loads
// (far cheaper than initdb). PostgreSQL (TEST_DATABASE_URL): that fresh database, migrated, used as the
// template for one database per test file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const handle = await openDatabase({ databaseUrl: url });
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', url);
    project.provide('pgliteTemplate', '');
    return async () => {
      const admin = postgres(adminUrl(url), { max: 1, onnotice: () => undefined });
      const template = new URL(url).pathname.slice(1);
      const leftovers = await admin<
        { datname: string }[]
      >`select datname from pg_database where datname like ${`${template}\\_f%`}`;
      for (const { datname } of leftovers)
        await admin.unsafe(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'trawl-template-'));
  const pg = await PGlite.create();
  const handle = await openDatabase({ pglite: pg });
  await handle.migrate();
  const dump = await pg.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** The same server, connected to its maintenance database. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.href;
}
