import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTrawlClient } from '@trawl/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { createTestDatabase } from './harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'trawl-bootstrap-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('first start', () => {
  it('creates a team, a project and a token once, saved to credentials.json with mode 0600', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({
      PORT: '0',
      TRAWL_DATA_DIR: dataDir,
      TRAWL_LOG_LEVEL: 'error',
      TRAWL_CONSOLE_DIR: join(dataDir, 'none'),
    });
    const first = await startServer(config, { database });
    try {
      const path = join(dataDir, 'credentials.json');
      expect(first.bootstrap?.credentialsPath).toBe(path);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const credentials = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
      expect(Object.keys(credentials).sort()).toEqual(['apiUrl', 'token']);
      expect(credentials.apiUrl).toBe(first.url);
      expect(credentials.token).toBe(first.bootstrap?.token);
      const trawl = createTrawlClient({ baseUrl: credentials.apiUrl!, token: credentials.token });
      expect((await trawl.crawls.list()).totalResults).toBe(0);
    } finally {
      await first.close();
    }

    const again = await startServer(config, { database });
    try {
      expect(again.bootstrap).toBeNull();
    } finally {
      await again.close();
      await database.close();
    }
  });

  it('can be turned off', async () => {
    const database = await createTestDatabase();
    const server = await startServer(
      loadConfig({
        PORT: '0',
        TRAWL_DATA_DIR: join(dataDir, 'off'),
        TRAWL_BOOTSTRAP: 'false',
        TRAWL_LOG_LEVEL: 'error',
      }),
      { database },
    );
    try {
      expect(server.bootstrap).toBeNull();
    } finally {
      await server.close();
      await database.close();
    }
  });
});

describe('configuration', () => {
  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', DATABASE_URL: 'mysql://nope', TRAWL_LOG_LEVEL: 'loud' })).toThrow(
      /PORT:.*\n.*DATABASE_URL: must be a postgres:\/\/ URL\n.*TRAWL_LOG_LEVEL/s,
    );
  });

  it('needs the static IP and its proxy together', () => {
    expect(() => loadConfig({ TRAWL_STATIC_IP: '203.0.113.1' })).toThrow(
      'TRAWL_STATIC_IP and TRAWL_STATIC_IP_PROXY_URL must be set together',
    );
  });
});
