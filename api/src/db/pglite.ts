import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';

/**
 * Embedded PostgreSQL settings. PGlite serves one process, and its WASM heap never shrinks, so a small
 * buffer pool keeps the server's footprint small; the operating system's file cache does the rest.
 */
export const PGLITE_CONF = ["shared_buffers = '8MB'", "wal_buffers = '1MB'"];

/**
 * Opens PGlite in `<dataDir>/pgdata`. A new data folder is first initialised (initdb) in a short-lived
 * child process: initdb's WASM memory (several hundred MB) would otherwise stay in this process for good.
 */
export async function openPglite(dataDir: string): Promise<PGlite> {
  const dir = join(dataDir, 'pgdata');
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    await initInChildProcess(dir);
  }
  return PGlite.create(dir, { postgresqlconf: PGLITE_CONF });
}

function initInChildProcess(dir: string): Promise<void> {
  const source = `import(process.argv[1]).then(async ({ PGlite }) => { const pg = await PGlite.create(process.argv[2]); await pg.close(); });`;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', source, import.meta.resolve('@electric-sql/pglite'), dir],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', (err) =>
      reject(
        new Error(`Initialising the embedded database in ${dir} failed: ${err.message}`, { cause: err }),
      ),
    );
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `Initialising the embedded database in ${dir} failed (exit ${code}): ${stderr.trim().slice(-500)}`,
            ),
          ),
    );
  });
}
