// The `trawl` file npm links into node_modules/.bin: it runs the built CLI, and before a build it says how
// to make one instead of failing with a module-not-found trace.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './cli.js';

const BIN = fileURLToPath(new URL('../bin/trawl.js', import.meta.url));
const run = promisify(execFile);
const sandbox = createSandbox();
afterAll(() => sandbox.cleanup());

describe('the trawl bin', () => {
  it('is what package.json links, and runs the built CLI', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
      bin: Record<string, string>;
    };
    expect(fileURLToPath(new URL(pkg.bin.trawl!, new URL('../', import.meta.url)))).toBe(BIN);
    const { stdout } = await run(process.execPath, [BIN, '--version'], { env: sandbox.env });
    expect(stdout.trim()).toBe(pkg.version);
  });

  it('says how to build the CLI when dist is missing', async () => {
    // The same file in a checkout that was installed but never built.
    const copy = join(sandbox.root, 'checkout', 'cli', 'bin', 'trawl.js');
    mkdirSync(join(copy, '..'), { recursive: true });
    copyFileSync(BIN, copy);
    const failed = await run(process.execPath, [copy, 'list'], { env: sandbox.env }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toBe(
      `error: the trawl CLI is not built yet. Run \`npm run build\` (or \`npm start\`, which builds first) in ${join(sandbox.root, 'checkout')}, then try again.\n`,
    );
  });
});
