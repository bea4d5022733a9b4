// `npm start` as a script or a compose health check sees it: the built server runs as a child process, and
// the first healthy answer must come from a server whose first-start token is already on disk.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from './harness.js';

const SERVER_BIN = fileURLToPath(new URL('../dist/bin/server.js', import.meta.url));

let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (!existsSync(SERVER_BIN)) throw new Error(`${SERVER_BIN} is missing: build first (npm run build)`);
  dataDir = mkdtempSync(join(tmpdir(), 'trawl-startup-'));
  database = await createTestDatabaseUrl();
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A port nothing listens on right now, so the test can poll it before the server prints its address. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('first start', () => {
  it('has written credentials.json by the first healthy answer', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const credentialsPath = join(dataDir, 'credentials.json');
    let output = '';
    child = spawn(process.execPath, [SERVER_BIN], {
      // cwd is the data folder, so no .env of the repository is loaded.
      cwd: dataDir,
      env: {
        PATH: process.env.PATH,
        HOME: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        TRAWL_DATA_DIR: dataDir,
        TRAWL_CONSOLE_DIR: join(dataDir, 'no-console'),
        TRAWL_LOG_LEVEL: 'warn',
        TRAWL_PARSE_WORKERS: '0',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

    // As a script waiting for health would: ask again and again until the server says yes. The pause is far
    // shorter than a first start's bootstrap (a scrypt hash and a transaction), so a race would show.
    let polls = 0;
    let fileAtFirstHealthy: boolean | undefined;
    for (const deadline = Date.now() + 50_000; fileAtFirstHealthy === undefined; polls++) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`No healthy answer:\n${output}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/is-healthy`, {
        signal: AbortSignal.timeout(30_000),
      })
        .then((res) => res.ok)
        .catch(() => false);
      if (healthy) fileAtFirstHealthy = existsSync(credentialsPath);
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }

    expect(fileAtFirstHealthy, output).toBe(true);
    const credentials = JSON.parse(readFileSync(credentialsPath, 'utf8')) as {
      apiUrl: string;
      token: string;
    };
    expect(credentials.apiUrl).toBe(`http://127.0.0.1:${port}`);
    expect(credentials.token).toMatch(/^trawl_/);
    // The token works straight away.
    const me = await fetch(`http://127.0.0.1:${port}/crawls/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(me.status).toBe(200);
    expect(polls, 'the poll began before the server listened').toBeGreaterThan(1);
  });
});
