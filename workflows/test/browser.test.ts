import {
  chromiumLeftAfter,
  chromiumProcesses,
  mountSpaSite,
  SPA_SITE,
  startFixtureServer,
  type FixtureServer,
} from '@trawl/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserUnavailableError, createBrowserEngine, type BrowserEngine } from '../src/crawler/browser.js';

let site: FixtureServer;
let engine: BrowserEngine;
const url = (path: string) => `${site.origin}${path}`;

beforeAll(async () => {
  site = await startFixtureServer();
  mountSpaSite(site);
  site.route('/hang', { delayMs: 20_000, body: '<html><body>late</body></html>' });
  engine = createBrowserEngine({ allowPrivateNetworks: true, settleMs: 1_000 });
});
afterAll(async () => {
  await engine?.close();
  await site?.close();
});

describe('createBrowserEngine', () => {
  it('renders client-side content and blocks images, fonts and media', async () => {
    const res = await engine.render(url('/app/'), { contextKey: 'crawl-a' });
    expect(res).toMatchObject({ kind: 'html', status: 200, url: url('/app/') });
    expect(res.kind === 'html' && 'html' in res && res.html).toContain(SPA_SITE.renderedText('/app/'));
    expect(site.hits('/font.css')).toBeGreaterThan(0);
    expect(site.hits('/pixel.png')).toBe(0);
    expect(site.hits('/font.woff2')).toBe(0);
  });

  it('reports HTTP errors like the HTTP engine', async () => {
    expect(await engine.render(url('/nowhere'), { contextKey: 'crawl-a' })).toMatchObject({
      kind: 'failed',
      status: 404,
      reason: 'HTTP 404',
    });
  });

  it('closes the page at once when its signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = engine.render(url('/hang'), { contextKey: 'crawl-b', signal: controller.signal });
    setTimeout(() => controller.abort(new Error('aborted by user')), 300);
    await expect(pending).rejects.toThrow('aborted by user');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('sends Chromium through the network guard, so private addresses are refused when not allowed', async () => {
    const guarded = createBrowserEngine({ allowPrivateNetworks: false });
    const before = site.requests.length;
    try {
      const res = await guarded.render(url('/static'), { contextKey: 'guarded' });
      expect(res.kind).toBe('failed');
      expect(site.requests.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });

  it('fails fast with a clear error when Chromium is missing', async () => {
    const missing = createBrowserEngine({ executablePath: '/nonexistent/chromium' });
    const err = await missing.render(url('/static'), { contextKey: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BrowserUnavailableError);
    expect(String(err)).toContain('Chromium was not found at /nonexistent/chromium');
    await missing.close();
  });

  it('leaves no Chromium running once closed', async () => {
    const own = createBrowserEngine({ allowPrivateNetworks: true });
    const before = new Set(chromiumProcesses());
    await own.render(url('/static'), { contextKey: 'y' });
    const started = chromiumProcesses().filter((p) => !before.has(p));
    expect(started.length).toBeGreaterThan(0);
    await own.close();
    expect((await chromiumLeftAfter()).filter((p) => started.includes(p))).toEqual([]);
  });
});
