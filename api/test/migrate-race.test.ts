import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { adminUrl } from './global-setup.js';

// The API and every worker migrate at start, and under `docker compose up --scale` or Kubernetes they
// start at once. On PostgreSQL they take turns under an advisory lock (PGlite has a single process).
const template = inject('postgresTemplate');

it.skipIf(!template)(
  'migrates an empty PostgreSQL database from four processes at once',
  async () => {
    const admin = postgres(adminUrl(template), { max: 1, onnotice: () => undefined });
    const name = `${new URL(template).pathname.slice(1)}_m${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(template);
    url.pathname = `/${name}`;
    const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url.href })));
    try {
      await Promise.all(handles.map((h) => h.migrate()));
      const probe = postgres(url.href, { max: 1, onnotice: () => undefined });
      const [row] = await probe`select count(*)::int as n from drizzle.__drizzle_migrations`;
      const applied = row!.n as number;
      await probe.end();
      expect(applied).toBeGreaterThan(0);
      // Each migration applied once, whichever process got there first.
      await handles[0]!.migrate();
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  },
  120_000,
);
