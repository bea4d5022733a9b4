#!/usr/bin/env node
// Regenerates openapi.yaml from the API routes and sdk/src/gen from openapi.yaml, then fails if either
// differs from what is committed. Run by CI; run `npm run openapi && npm run sdk:gen` to fix.
import { execFileSync } from 'node:child_process';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
run('npm', ['run', 'openapi', '--silent']);
run('npm', ['run', 'sdk:gen', '--silent']);

const changed = execFileSync('git', ['status', '--porcelain', '--', 'openapi.yaml', 'sdk/src/gen'], {
  encoding: 'utf8',
}).trim();
if (changed) {
  console.error('The API contract drifted from what is committed:');
  console.error(changed);
  console.error('Run `npm run openapi && npm run sdk:gen` and commit the result.');
  process.exit(1);
}
console.log('openapi.yaml and sdk/src/gen match the API routes.');
