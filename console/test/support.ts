// What the console's browser suites share: the real server serving the built console (run
// `npm run build -w @trawl/console` first), real Chromium, sign-in helpers, the outbox, and screenshots.
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { startTestServer, type TestServer } from '@trawl/api/testing';
import { createTrawlClient, type TrawlClient } from '@trawl/sdk';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const consoleDir = resolve(import.meta.dirname, '../dist');
export const UI_TIMEOUT = 15_000;
export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 390, height: 844 };
const SCREENSHOTS = resolve(import.meta.dirname, 'screenshots');

/** The server of a suite, serving the built console. */
export async function startConsoleServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!existsSync(resolve(consoleDir, 'index.html')))
    throw new Error('No console build: run `npm run build -w @trawl/console` first');
  return startTestServer({ env: { TRAWL_CONSOLE_DIR: consoleDir, ...env } });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.TRAWL_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Uncaught errors of the pages of this suite: a bug of the console, whatever the test checks. */
export const pageErrors: Error[] = [];

/** A fresh browser profile (no cookies, no storage) with one page, at desktop width. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  page.setDefaultTimeout(UI_TIMEOUT);
  page.on('pageerror', (err) => pageErrors.push(err));
  return { context, page };
}

/** Signs in through the login form and waits for Home (or `landing`). */
export async function signInWithForm(
  page: Page,
  server: { url: string },
  credentials: { email: string; password: string },
  landing = '/home',
): Promise<void> {
  if (!page.url().includes('/login')) await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === landing);
}

/** Signs a browser profile in without the form (its cookies, as the form would get them), for suites about other screens. */
export async function signInContext(
  context: BrowserContext,
  server: TestServer,
  credentials: { email: string; password: string },
): Promise<void> {
  const { email, password } = credentials;
  const response = await context.request.post(`${server.url}/auth/login`, { data: { email, password } });
  if (!response.ok()) throw new Error(`Sign-in failed: ${response.status()} ${await response.text()}`);
}

export const adminCredentials = (server: TestServer) => ({
  email: server.server.bootstrap!.adminEmail,
  password: server.server.bootstrap!.adminPassword,
});

let accounts = 0;

/** A new account with its own team, made through the SDK (a session kept in memory). */
export async function createAccount(
  server: TestServer,
  firstName = 'Ada',
): Promise<{ email: string; password: string; trawl: TrawlClient; teamId: string }> {
  const email = `${firstName.toLowerCase()}${++accounts}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const trawl = createTrawlClient({ baseUrl: server.url, session: 'memory' });
  const user = await trawl.auth.signUp({ firstName, lastName: 'Lovelace', email, password });
  return { email, password, trawl, teamId: user.teams[0]!.id };
}

/** The admin's client, to read the outbox as the embedded server keeps it. */
export async function adminClient(server: TestServer): Promise<TrawlClient> {
  const trawl = createTrawlClient({ baseUrl: server.url, session: 'memory' });
  await trawl.auth.login(adminCredentials(server));
  return trawl;
}

/** The newest email to `to` in the outbox. */
export async function lastEmailTo(
  server: TestServer,
  to: string,
): Promise<{ subject: string; text: string }> {
  const { results } = await (await adminClient(server)).admin.outbox({ limit: 100 });
  const email = results.find((e) => e.to === to.toLowerCase());
  if (!email) throw new Error(`No email to ${to} in the outbox`);
  return email;
}

/** The first link in a text. */
export const linkIn = (text: string): string => {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`No link in: ${text}`);
  return match[0];
};

/**
 * Saves the page as it looks now at desktop (1440x900) and mobile (390x844) widths, whole-page (the viewport
 * while a dialog is open), to
 * console/test/screenshots/<name>-desktop.png and -mobile.png, then puts the desktop width back.
 */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, size] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    // Let layout, media queries and transitions settle at the new width.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))),
    );
    // With a dialog open, what the user sees is the viewport: a whole-page shot would stretch the backdrop.
    const dialogOpen = (await page.getByRole('dialog').count()) > 0;
    await page.screenshot({ path: resolve(SCREENSHOTS, `${name}-${label}.png`), fullPage: !dialogOpen });
  }
  await page.setViewportSize(original);
}
