// Writes openapi.yaml at the repository root from the API's routes. `--check` fails instead when the
// committed file differs, which is how CI catches a route change without a regenerated contract.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { buildOpenApiDocument } from '../src/app.js';

const target = resolve(import.meta.dirname, '../../openapi.yaml');
const text = `# Generated from the API routes by \`npm run openapi\`. Do not edit by hand.\n${stringify(buildOpenApiDocument(), { lineWidth: 0, aliasDuplicateObjects: false })}`;

if (process.argv.includes('--check')) {
  const committed = readFileSync(target, 'utf8');
  if (committed !== text) {
    console.error('openapi.yaml is out of date with the API routes: run `npm run openapi` and commit it.');
    process.exit(1);
  }
  console.log('openapi.yaml matches the routes.');
} else {
  writeFileSync(target, text);
  console.log(`Wrote ${target}`);
}
