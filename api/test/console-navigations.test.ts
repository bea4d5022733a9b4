import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './browser-session.js';
import { startTestServer, type TestServer } from './harness.js';

// Console pages whose paths the API also serves: a browser opening them gets the console, a script the API.
const consoleDir = mkdtempSync(join(tmpdir(), 'trawl-console-'));
writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>Trawl console</title>');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TRAWL_CONSOLE_DIR: consoleDir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

const navigation = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', accept: 'text/html' };

describe('console navigations', () => {
  it.each([
    '/admin',
    '/admin/health',
    '/admin/crawl',
    '/try',
    '/schedules',
    '/0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f/home',
    '/0193a1e2-7b7c-7cc0-8f5e-1a2b3c4d5e6f/settings/team',
  ])('answers a browser opening %s with the console, signed in or not', async (path) => {
    const response = await fetch(`${server.url}${path}`, { headers: navigation });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('Trawl console');
    // A browser without Fetch Metadata asks for HTML.
    const old = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html,*/*' } });
    expect(await old.text()).toContain('Trawl console');
  });

  it('leaves API calls to the same paths to the API', async () => {
    expect((await fetch(`${server.url}/admin/health`)).status).toBe(401);
    expect((await fetch(`${server.url}/schedules`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}/admin/health`, { headers: { 'sec-fetch-dest': 'empty' } })).status,
    ).toBe(401);
    const admin = new Browser(server.url);
    const { adminEmail, adminPassword } = server.server.bootstrap!;
    await admin.expect(200, 'POST', '/auth/login', {
      body: { email: adminEmail, password: adminPassword },
      csrf: false,
    });
    const health = await admin.expect<{ database: { ok: boolean } }>(200, 'GET', '/admin/health');
    expect(health.database.ok).toBe(true);
    // Not a navigation method: the API answers.
    expect((await fetch(`${server.url}/admin/health`, { method: 'POST', headers: navigation })).status).toBe(
      401,
    );
    // Paths that are no console page stay the API's.
    expect((await fetch(`${server.url}/admin/outbox`, { headers: navigation })).status).toBe(401);
    expect((await fetch(`${server.url}/tryout`, { headers: navigation })).status).toBe(404);
  });
});
