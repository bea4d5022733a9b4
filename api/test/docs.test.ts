// The API reference at /docs, in real Chromium with the network limited to the server: every request to
// another host is aborted and fails the test. It renders the crawl endpoints under the page's CSP with no
// violation; screenshots at desktop and mobile widths go to .screenshots/ (git-ignored) for a look.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/app.js';
import { startTestServer, type TestServer } from './harness.js';

const screenshots = resolve(import.meta.dirname, '../../.screenshots');
let server: TestServer;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startTestServer();
  browser = await chromium.launch({
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
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the raw contract', () => {
  it('is served as JSON and YAML, the committed document with this server as its server', async () => {
    const expected = {
      ...buildOpenApiDocument(),
      servers: [{ url: server.url, description: 'This server' }],
    };
    const json = await fetch(`${server.url}/openapi.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('access-control-allow-origin')).toBe('*');
    expect(await json.json()).toEqual(JSON.parse(JSON.stringify(expected)));
    const yaml = await fetch(`${server.url}/openapi.yaml`);
    expect(yaml.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(parse(await yaml.text())).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('serves the viewer bundle from this server, compressed and cached for good, and nothing else there', async () => {
    const html = await (await fetch(`${server.url}/docs`)).text();
    const [, bundle] =
      /<script src="(\/docs\/assets\/api-reference-[0-9a-f]+\.js)"><\/script>/.exec(html) ?? [];
    expect(bundle).toBeDefined();
    expect(html).not.toMatch(/<script>|<style|https?:\/\//);
    const res = await fetch(`${server.url}${bundle}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toContain('@scalar/api-reference');
    expect((await fetch(`${server.url}/docs/assets/api-reference-0000.js`)).status).toBe(404);
  });
});

describe('/docs in Chromium', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  for (const { name, viewport } of [
    { name: 'desktop', viewport: { width: 1440, height: 900 } },
    { name: 'mobile', viewport: { width: 390, height: 844 } },
  ]) {
    it(`renders the crawl endpoints at ${name} width, requesting nothing beyond this server`, async () => {
      const context = await browser!.newContext({ viewport });
      contexts.push(context);
      const elsewhere: string[] = [];
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (new URL(url).origin === server.url) return route.continue();
        elsewhere.push(url);
        return route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const violations: string[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (/content security policy/i.test(message.text())) violations.push(message.text());
        else if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));

      const res = await page.goto(`${server.url}/docs`);
      expect(res!.headers()['content-security-policy']).toContain("script-src 'self';");
      await page.getByRole('heading', { name: 'Trawl API' }).first().waitFor();
      // Crawls come first and open: every crawl endpoint by its summary, and the operations by path.
      for (const summary of ['Start a crawl', 'List crawls', 'Get a crawl', 'Abort a crawl']) {
        const item = page.getByText(summary, { exact: true }).first();
        await item.waitFor({ state: name === 'desktop' ? 'visible' : 'attached' });
      }
      await page.getByRole('heading', { name: 'Crawls', exact: true }).first().waitFor({ state: 'attached' });
      for (const path of ['/crawls', '/crawls/query', '/crawls/{id}', '/crawls/{id}/crawl-results'])
        await page.getByText(path, { exact: true }).first().waitFor({ state: 'attached' });
      mkdirSync(screenshots, { recursive: true });
      if (name === 'mobile')
        await page.getByRole('heading', { name: 'Crawls', exact: true }).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: resolve(screenshots, `docs-${name}.png`) });

      if (name === 'desktop') {
        // "Test request" calls this server straight from the page, with no proxy in between.
        await page.getByText('Health', { exact: true }).first().click();
        await page.getByText('Check the service', { exact: true }).first().click();
        await page
          .getByRole('button', { name: /Test Request/ })
          .last()
          .click();
        await page.getByRole('button', { name: /^Send get request/ }).click();
        const client = page.getByRole('dialog', { name: 'API Client' });
        await client.getByText('200 OK').waitFor();
        await client.getByText('"isHealthy"').waitFor();
        await page.screenshot({ path: resolve(screenshots, 'docs-test-request.png') });
      }

      expect(elsewhere).toEqual([]);
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    }, 60_000);
  }
});
