// What `npm start` prints on first start, used as a person would: the built server runs as a child process,
// and its printed one-time link and admin password open the console in real Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestDatabaseUrl } from '@trawl/api/testing';
import { RUN_MARKER } from '@trawl/fixtures';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleDir, launchBrowser, newPage, pageErrors, signInWithForm } from './support';

const SERVER_BIN = resolve(import.meta.dirname, '../../api/dist/bin/server.js');

let child: ChildProcess | undefined;
let dataDir: string;
let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let browser: Browser;
let output = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!existsSync(SERVER_BIN)) throw new Error(`${SERVER_BIN} is missing: build first (npm run build)`);
  dataDir = mkdtempSync(join(tmpdir(), 'trawl-first-start-'));
  database = await createTestDatabaseUrl();
  browser = await launchBrowser();
  child = spawn(process.execPath, [SERVER_BIN], {
    // The data folder as working directory: no .env of the repository is read.
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      HOME: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      TRAWL_DATA_DIR: dataDir,
      TRAWL_CONSOLE_DIR: consoleDir,
      TRAWL_LOG_LEVEL: 'warn',
      [RUN_MARKER]: process.env[RUN_MARKER],
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Open the console signed in.*\n/.test(output)) done();
    };
    child!.stdout!.on('data', onData);
    child!.stderr!.on('data', onData);
    child!.once('exit', (code) =>
      fail(new Error(`The server exited (${code}) before printing its link:\n${output}`)),
    );
  });
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child!.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

describe('the first start', () => {
  it(
    'prints a one-time link that opens the console signed in as the admin, and a password that signs in',
    { timeout: 60_000 },
    async () => {
      const link = /Open the console signed in .*: (http:\/\/\S+)/.exec(output)?.[1];
      const [, email, password] = /Admin sign-in: (\S+) \/ (\S+)/.exec(output) ?? [];
      expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#signInToken=[\w-]{43}$/);
      // The API token is no longer in any link.
      expect(output).not.toMatch(/#token=/);

      const first = await newPage(browser);
      contexts.push(first.context);
      await first.page.goto(link!);
      await first.page.waitForURL((url) => url.pathname === '/home');
      await first.page.getByText(email!).waitFor();
      await first.page.getByRole('link', { name: 'Admin', exact: true }).waitFor();

      // Used once: opened again, it leads to the sign-in page, where the printed password works.
      const second = await newPage(browser);
      contexts.push(second.context);
      await second.page.goto(link!);
      await second.page.waitForURL((url) => url.pathname === '/login');
      const base = new URL(link!).origin;
      await signInWithForm(second.page, { url: base } as Parameters<typeof signInWithForm>[1], {
        email: email!,
        password: password!,
      });
      await second.page.getByText(email!).waitFor();
    },
  );
});
