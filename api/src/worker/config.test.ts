import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { loadWorkerConfig } from './config.js';

const WORKER_BIN = fileURLToPath(new URL('../../dist/bin/worker.js', import.meta.url));
const ready = { DATABASE_URL: 'postgres://trawl@db:5432/trawl', TEMPORAL_ADDRESS: 'temporal:7233' };

describe('the worker configuration', () => {
  it('lists every bad variable at once, the ones a worker needs included', () => {
    const env = {
      TRAWL_WORKER_QUEUES: 'http,gpu',
      TRAWL_WORKER_CONCURRENCY: '0',
      TRAWL_BROWSER_PAGES: 'many',
      TRAWL_STATIC_IP: '203.0.113.1',
    };
    expect(() => loadWorkerConfig(env)).toThrow(
      new RegExp(
        [
          '^Invalid configuration:',
          '  DATABASE_URL: required; workers and the API share one PostgreSQL database',
          '  TEMPORAL_ADDRESS: required; host:port of the Temporal frontend',
          '  TRAWL_WORKER_QUEUES\\.1: .*',
          '  TRAWL_WORKER_CONCURRENCY: .*',
          '  TRAWL_BROWSER_PAGES: .*',
          '  TRAWL_STATIC_IP and TRAWL_STATIC_IP_PROXY_URL must be set together$',
        ].join('\\n'),
      ),
    );
  });

  it("reads only what a worker uses: the API server's variables are not its business", () => {
    const config = loadWorkerConfig({ ...ready, PORT: 'not a port', GOOGLE_CLIENT_ID: 'half a pair' });
    expect(config).toEqual({
      databaseUrl: ready.DATABASE_URL,
      temporal: { address: 'temporal:7233', namespace: 'default', security: { tls: false } },
      queues: ['http', 'browser', 'extract'],
      concurrency: 8,
      pageConcurrency: 16,
      shutdownGraceSeconds: 30,
      // 8 activities on each of three queues, each holding a connection at most, and a margin.
      databasePoolSize: 28,
      logLevel: 'info',
      crawl: expect.any(Object),
      staticIp: null,
      extraction: { llm: null, maxFailures: 5 },
    });
  });

  it('configures the crawl engine exactly as the API does, from the same variables', () => {
    const engineEnv = {
      TRAWL_REQUEST_TIMEOUT_MS: '5000',
      TRAWL_MAX_PAGE_BYTES: '2048',
      TRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
      TRAWL_PER_HOST_CONCURRENCY: '2',
      TRAWL_CHROMIUM_PATH: '/opt/chromium',
      TRAWL_BROWSER_PAGES: '3',
      TRAWL_PARSE_WORKERS: '0',
      TRAWL_STATIC_IP: '203.0.113.1',
      TRAWL_STATIC_IP_PROXY_URL: 'http://proxy.internal:3128',
    };
    const worker = loadWorkerConfig({ ...ready, ...engineEnv });
    const api = loadConfig(engineEnv);
    const { concurrency: _concurrency, batchSize: _batchSize, ...apiEngine } = api.crawl;
    expect(worker.crawl).toEqual(apiEngine);
    expect(worker.staticIp).toEqual(api.staticIp);
    expect(worker.crawl).toMatchObject({
      requestTimeoutMs: 5000,
      parseWorkers: 0,
      chromiumPath: '/opt/chromium',
    });
  });

  it('makes `npm run worker` exit 1 with that list before connecting anywhere', async () => {
    if (!existsSync(WORKER_BIN)) throw new Error(`${WORKER_BIN} is missing: build first (npm run build)`);
    const cwd = mkdtempSync(join(tmpdir(), 'trawl-worker-'));
    try {
      const failed = await promisify(execFile)(process.execPath, [WORKER_BIN], {
        cwd,
        env: { PATH: process.env.PATH, TRAWL_WORKER_QUEUES: 'gpu' },
      }).then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toBe(
        [
          'Invalid configuration:',
          '  DATABASE_URL: required; workers and the API share one PostgreSQL database',
          '  TEMPORAL_ADDRESS: required; host:port of the Temporal frontend',
          `  TRAWL_WORKER_QUEUES.0: Invalid option: expected one of "http"|"browser"|"extract"`,
          '',
        ].join('\n'),
      );
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
