// What the crawl benchmark (crawl.ts) runs on: the real server in a child process, the resident memory of a
// whole process tree sampled over time, the open-loop load generator (load.mjs) and a throw-away PostgreSQL
// database.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';

export const root = resolve(import.meta.dirname, '../..');

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface BenchServer {
  child: ChildProcess;
  url: string;
  token: string;
  stop(): Promise<void>;
}

/**
 * The server as `npm start` runs it (its bounded heap, embedded PGlite unless `databaseUrl`), in a child
 * process of its own so its memory is its own. `nodeArgs` adds to node's flags (`--cpu-prof` and the like).
 */
export async function startBenchServer(
  options: { databaseUrl?: string; nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trawl-bench-'));
  const nodeArgs = [
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [
      `--max-old-space-size=${process.env.TRAWL_HEAP_MB ?? 256}`,
    ]),
    ...(options.nodeArgs ?? []),
  ];
  // BENCH_SERVER_ENTRY runs another build (say, of the commit before a change) to compare with.
  const entry = process.env.BENCH_SERVER_ENTRY || join(root, 'api/dist/bin/server.js');
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: dataDir,
    env: {
      ...process.env,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      TRAWL_DATA_DIR: dataDir,
      TRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
      TRAWL_LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // BENCH_SERVER_LOG keeps what the server prints (with --trace-gc in BENCH_SERVER_NODE_ARGS, its collections).
  if (process.env.BENCH_SERVER_LOG)
    child.stdout!.on('data', (chunk: Buffer) => appendFileSync(process.env.BENCH_SERVER_LOG!, chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = await new Promise<string>((resolvePromise, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/running at (http:\/\/\S+)/);
      if (match) resolvePromise(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const { token } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as { token: string };
  return {
    child,
    url,
    token,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The process `pid` and all its descendants, through each thread's `children` in /proc. */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${tree[i]}/task`)) {
        const children = readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(' ').map(Number));
      }
    } catch {
      // The process or thread ended while we looked.
    }
  }
  return tree;
}

/** Sum of VmRSS over a process tree, in MB: threads (such as parse workers) are inside their process's. */
export function treeRssMb(pid: number): number {
  let kb = 0;
  for (const p of processTree(pid)) {
    try {
      kb += Number(readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0);
    } catch {
      // Ended while we looked.
    }
  }
  return kb / 1024;
}

/**
 * Samples a process tree's resident memory every `everyMs` until stopped; `peak()` is the largest sum seen
 * since the last `reset()`. Sampling catches peaks that last at least about `everyMs`.
 */
export function sampleTreeRss(pid: number, everyMs = 100): { peak(): number; reset(): void; stop(): void } {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, treeRssMb(pid));
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    peak: () => (sample(), peak),
    reset: () => {
      peak = 0;
      sample();
    },
    stop: () => clearInterval(timer),
  };
}

export interface LoadResult {
  asked: number;
  rate: number;
  seconds: number;
  completed: number;
  errors: number;
  servedPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  meanBytes: number;
}

/**
 * Open-loop load on `url` at `rate` requests per second for `seconds`, from a process of its own
 * (load.mjs), after `warmupSeconds` at the same rate that are not counted.
 */
export async function runLoad(options: {
  url: string;
  token: string;
  rate: number;
  seconds: number;
  warmupSeconds?: number;
}): Promise<LoadResult> {
  const args = [options.url, options.token, options.rate, options.seconds, options.warmupSeconds ?? 0];
  const child = spawn(process.execPath, [join(import.meta.dirname, 'load.mjs'), ...args.map(String)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  return JSON.parse(out) as LoadResult;
}

/** A uniquely named PostgreSQL database on 127.0.0.1:5432 (BENCH_PG_URL), dropped by `drop()`. */
export async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `trawl_bench_${process.pid}_${Date.now()}`;
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    },
  };
}
