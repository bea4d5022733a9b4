import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startGuardProxy, type GuardProxy } from './guard-proxy.js';
import type { HttpFetchResult } from './http-client.js';
import { USER_AGENT } from './http-client.js';
import { createLimiter } from './limiter.js';

export interface BrowserEngineOptions {
  /** Chromium to run; autodetected from common install paths when unset. */
  executablePath?: string | null;
  allowPrivateNetworks?: boolean;
  /** Pages rendering at once across the process. @default 4 */
  maxPages?: number;
  /** Cap on loading a page to DOMContentLoaded. @default 30000 */
  navigationTimeoutMs?: number;
  /** Cap on waiting for the network to go quiet after load. @default 3000 */
  settleMs?: number;
}

export interface BrowserRenderOptions {
  /** Pages sharing a key share a browser context (one per crawl). */
  contextKey: string;
  signal?: AbortSignal;
  /** The static-IP egress proxy, when the crawl uses one. */
  proxyUrl?: string | null;
}

export interface BrowserEngine {
  /** Loads a page in Chromium and returns the rendered HTML, with failures as results like the HTTP engine. */
  render(url: string, options: BrowserRenderOptions): Promise<HttpFetchResult>;
  /** Closes a crawl's browser context and its pages. */
  releaseContext(contextKey: string): Promise<void>;
  /** Browser contexts open now (one per crawl that used the browser and has not ended). */
  openContexts(): number;
  /** Closes every context, the browser and the guard proxy. */
  close(): Promise<void>;
}

export class BrowserUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BrowserUnavailableError';
  }
}

/** Chromium disconnected while a page was rendering. */
class BrowserGoneError extends Error {
  constructor(cause: unknown) {
    super('Chromium went away', { cause });
  }
}

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const BLOCKED_TYPES = new Set(['image', 'font', 'media']);

/** The Chromium executable to use, or a clear error naming where it looked. */
export function findChromium(configured?: string | null): string {
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new BrowserUnavailableError(
      `Chromium was not found at ${configured} (TRAWL_CHROMIUM_PATH). Install it (apt-get install chromium) or fix the path.`,
    );
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found)
    throw new BrowserUnavailableError(
      `Chromium was not found (looked in ${CANDIDATES.join(', ')}). Install it (apt-get install chromium) or set TRAWL_CHROMIUM_PATH.`,
    );
  return found;
}

/**
 * The Playwright engine: one Chromium per process, launched on first use; one context per crawl; images,
 * fonts and media blocked; every connection through the guard proxy; pages closed on abort and error.
 */
export function createBrowserEngine(options: BrowserEngineOptions = {}): BrowserEngine {
  const limit = createLimiter(options.maxPages ?? 4);
  let starting: Promise<{ browser: Browser; proxy: GuardProxy }> | null = null;
  const contexts = new Map<string, Promise<BrowserContext>>();

  const start = (): Promise<{ browser: Browser; proxy: GuardProxy }> => {
    if (starting) return starting;
    const launch = (async () => {
      const executablePath = findChromium(options.executablePath);
      const proxy = await startGuardProxy({ allowPrivateNetworks: options.allowPrivateNetworks ?? false });
      try {
        const browser = await chromium.launch({ executablePath, args: FLAGS, timeout: 30_000 });
        // Chromium can die (out of memory, killed): forget it and its contexts, so the next render
        // launches a new one instead of failing on a dead browser forever.
        browser.once('disconnected', () => {
          if (starting !== launch) return;
          starting = null;
          contexts.clear();
          void proxy.close().catch(() => undefined);
        });
        return { browser, proxy };
      } catch (err: unknown) {
        await proxy.close();
        throw new BrowserUnavailableError(
          `Chromium at ${executablePath} failed to start: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
          { cause: err },
        );
      }
    })();
    starting = launch;
    // A failed launch is retried on the next render rather than cached forever.
    launch.catch(() => {
      if (starting === launch) starting = null;
    });
    return launch;
  };

  const contextFor = (key: string, egressProxy?: string | null): Promise<BrowserContext> => {
    let context = contexts.get(key);
    if (!context) {
      context = start().then(async ({ browser, proxy }) => {
        const ctx = await browser.newContext({
          userAgent: USER_AGENT,
          serviceWorkers: 'block',
          // Loopback is not bypassed, so the guard sees every connection.
          proxy: { server: egressProxy ?? proxy.url, bypass: '<-loopback>' },
        });
        await ctx.route('**/*', (route) =>
          BLOCKED_TYPES.has(route.request().resourceType())
            ? route.abort('blockedbyclient')
            : route.continue(),
        );
        return ctx;
      });
      contexts.set(key, context);
      context.catch(() => contexts.delete(key));
    }
    return context;
  };

  /** One render; throws BrowserGoneError when Chromium went away under it. */
  const renderOnce = async (url: string, opts: BrowserRenderOptions): Promise<HttpFetchResult> => {
    if (opts.signal?.aborted) throw opts.signal.reason;
    const context = await contextFor(opts.contextKey, opts.proxyUrl);
    const page = await context.newPage().catch((err: unknown) => {
      if (!context.browser()?.isConnected()) throw new BrowserGoneError(err);
      throw err;
    });
    const onAbort = (): void => void page.close().catch(() => undefined);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      // The abort may have come while the browser or context was still starting.
      if (opts.signal?.aborted) throw opts.signal.reason;
      const response = await page.goto(url, {
        waitUntil: 'domcontentloaded',
        timeout: options.navigationTimeoutMs ?? 30_000,
      });
      const status = response?.status() ?? 200;
      if (status >= 400) return { kind: 'failed', url: page.url(), status, reason: `HTTP ${status}` };
      const mime = (response?.headers()['content-type'] ?? 'text/html').split(';')[0]!.trim().toLowerCase();
      if (mime && mime !== 'text/html' && mime !== 'application/xhtml+xml') {
        return { kind: 'skipped', url: page.url(), status, reason: `Not an HTML page (${mime})` };
      }
      await page
        .waitForLoadState('networkidle', { timeout: options.settleMs ?? 3_000 })
        .catch(() => undefined);
      return { kind: 'html', url: page.url(), status, html: await page.content() };
    } catch (err: unknown) {
      if (opts.signal?.aborted) throw opts.signal.reason;
      if (!context.browser()?.isConnected()) throw new BrowserGoneError(err);
      const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      return {
        kind: 'failed',
        url,
        reason:
          message.includes('ERR_TUNNEL_CONNECTION_FAILED') || message.includes('403')
            ? `Blocked or unreachable: ${message}`
            : message,
      };
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
      await page.close().catch(() => undefined);
    }
  };

  return {
    render: (url, opts) =>
      limit(async () => {
        try {
          return await renderOnce(url, opts);
        } catch (err: unknown) {
          if (!(err instanceof BrowserGoneError)) throw err;
          // Chromium died under this page (the disconnect already forgot it): once more on a new one.
          try {
            return await renderOnce(url, opts);
          } catch (again: unknown) {
            if (!(again instanceof BrowserGoneError)) throw again;
            throw new BrowserUnavailableError('Chromium went away while rendering, twice', { cause: again });
          }
        }
      }),

    async releaseContext(key) {
      const context = contexts.get(key);
      contexts.delete(key);
      await context?.then((c) => c.close()).catch(() => undefined);
    },

    openContexts: () => contexts.size,

    async close() {
      const all = [...contexts.keys()];
      await Promise.all(all.map((key) => this.releaseContext(key)));
      const started = starting;
      starting = null;
      if (started) {
        const { browser, proxy } = await started.catch(() => ({ browser: null, proxy: null }));
        await browser?.close().catch(() => undefined);
        await proxy?.close();
      }
    },
  };
}
