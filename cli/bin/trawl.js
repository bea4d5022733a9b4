#!/usr/bin/env node
// The `trawl` command as npm links it. It is committed, not built, because npm links a workspace's bin at
// install time only if the file exists: on a fresh clone `npm ci` runs before anything is built. It runs
// the built CLI, or says how to build it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/index.js', import.meta.url);
if (!existsSync(fileURLToPath(built))) {
  const checkout = resolve(fileURLToPath(import.meta.url), '../../..');
  process.stderr.write(
    `error: the trawl CLI is not built yet. Run \`npm run build\` (or \`npm start\`, which builds first) in ${checkout}, then try again.\n`,
  );
  process.exit(1);
}
await import(built.href);
