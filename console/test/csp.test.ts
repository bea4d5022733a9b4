// The built console in real Chromium under the server's Content-Security-Policy: its screens load and run
// with no violation reported, the `/events` socket connects, and an inline script is refused (so the
// watch for violations is shown to work). Run `npm run build -w @trawl/console` first.
import type { TestServer } from '@trawl/api/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCredentials, launchBrowser, signInWithForm, startConsoleServer } from './support';

let server: TestServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startConsoleServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Violations as the page's `securitypolicyviolation` events and as Chromium's console messages see them. */
async function watchViolations(page: Page): Promise<{ events: () => Promise<string[]>; messages: string[] }> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`),
    );
  });
  return { events: () => page.evaluate(() => window.__cspViolations), messages };
}

it('runs the console with no CSP violation, connects to /events, and refuses inline scripts', async () => {
  const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const violations = await watchViolations(page);

    // Signed-out screens first (whatever they show, the app must have rendered into #root), then signed in.
    for (const path of ['/login', '/signup']) {
      const shell = await page.goto(`${server!.url}${path}`);
      expect(shell!.headers()['content-security-policy']).toContain("script-src 'self';");
      await page.locator('#root > *').first().waitFor();
    }

    await page.goto(`${server!.url}/login`);
    await signInWithForm(page, server!, adminCredentials(server!));
    // A console page whose path the API serves too gets the console's policy, not the API's.
    const admin = await page.goto(`${server!.url}/admin/health`);
    expect(admin!.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'Admin', exact: true }).waitFor();
    await page.goto(`${server!.url}/home`);
    await page.getByRole('heading', { name: "Welcome! Let's start crawling" }).waitFor();
    await page.getByRole('button', { name: 'Run crawl' }).click();
    await page.getByRole('dialog', { name: 'Run crawl' }).waitFor();
    // Every stylesheet came from the server itself and applied: the dialog is laid out, not unstyled.
    const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => s.href));
    expect(sheets.length).toBeGreaterThan(0);
    for (const href of sheets) expect(href).toMatch(new RegExp(`^${server!.url}/assets/`));

    const socket = await page.evaluate(
      (token) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/events`);
          ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
          ws.onmessage = (e) => {
            resolve(String(e.data));
            ws.close();
          };
          ws.onerror = () => resolve('error');
        }),
      server!.token,
    );
    expect(JSON.parse(socket)).toEqual({ type: 'ready' });

    expect(await violations.events()).toEqual([]);
    expect(violations.messages).toEqual([]);

    // The watch itself works: an inline script is what a strict policy must refuse.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.title = "injected"';
      document.body.append(script);
    });
    await expect.poll(() => violations.events()).toEqual([expect.stringMatching(/^script-src/)]);
    expect(await page.title()).not.toBe('injected');
  } finally {
    await context.close();
  }
}, 60_000);
