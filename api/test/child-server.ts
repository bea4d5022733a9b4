// The built server as a child process on a test's data folder (and database), for crash-resume tests that
// kill it with SIGKILL: no shutdown hook runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUN_MARKER } from '@trawl/fixtures';

const SERVER_BIN = fileURLToPath(new URL('../dist/bin/server.js', import.meta.url));

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far, for failure messages. */
  output(): string;
}

/** Starts `node api/dist/bin/server.js` and waits for its URL; `env` adds to a minimal environment. */
export async function startChildServer(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<ChildServer> {
  const { dataDir, databaseUrl } = options;
  if (!existsSync(SERVER_BIN)) throw new Error(`${SERVER_BIN} is missing: build first (npm run build)`);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    TRAWL_DATA_DIR: dataDir,
    TRAWL_CONSOLE_DIR: join(dataDir, 'no-console'),
    TRAWL_LOG_LEVEL: 'warn',
    TRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    [RUN_MARKER]: process.env[RUN_MARKER],
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  };
  // cwd is the data folder, so no .env of the repository is loaded.
  const child = spawn(process.execPath, [SERVER_BIN], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      // Resolve once the whole banner is out: the address, the database and, on a first start, the secrets.
      const match = output.match(/Trawl is running at (http:\/\/\S+)[\s\S]*crawls:.*\n/);
      if (match && (!output.includes('First start') || output.includes('Open the console')))
        resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`The server exited (${signal ?? code}) before listening:\n${output}`)),
    );
  });
  return { url, child, output: () => output };
}

/** SIGKILL, and wait until the process is gone. */
export async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
