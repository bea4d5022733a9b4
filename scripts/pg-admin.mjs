#!/usr/bin/env node
// Creates or drops a PostgreSQL database: `pg-admin.mjs <admin-url> create|drop <name>`. Used by CI, which
// must not depend on psql being installed.
import postgres from 'postgres';

const [url, action, name] = process.argv.slice(2);
if (!url || !['create', 'drop'].includes(action ?? '') || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: pg-admin.mjs <admin-url> create|drop <name>');
  process.exit(2);
}
const sql = postgres(url, { max: 1, onnotice: () => undefined, connect_timeout: 10 });
try {
  if (action === 'create') await sql.unsafe(`create database "${name}"`);
  else await sql.unsafe(`drop database if exists "${name}" with (force)`);
} catch (err) {
  console.error(`${action} database ${name} failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  await sql.end({ timeout: 5 });
}
