import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.js';
import type { Config } from './config.js';

/** A Content-Security-Policy as directive name to sources, rendered by {@link renderPolicy}. */
export type Policy = Record<string, string[]>;

/**
 * What every answer gets unless its route set a policy of its own: JSON, CSV and event streams load nothing,
 * so an API answer opened as a page (or framed) can run and embed nothing either.
 */
const API_POLICY: Policy = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/** Shared by every page the server renders: no plugins, no `<base>` rewrites, never framed. */
const PAGE_BASE: Policy = {
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Stripe.js and its API, allowed only once the billing work has a publishable key to use them with. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  // Stripe.js draws card fields in frames of js.stripe.com, and 3-D Secure challenges in hooks.stripe.com.
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export function renderPolicy(policy: Policy): string {
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** A host[:port] as browsers send it in `Host`. The Node server already refuses others; kept as a second guard. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The WebSocket origins of this server: the host the page was loaded from and the one `PUBLIC_URL` names.
 * CSP Level 3 lets `'self'` match `ws:`/`wss:` of the page's own host, but not every browser in use does.
 */
function socketOrigins(c: Context<AppEnv>, config: Config): string[] {
  const hosts = new Set<string>([new URL(config.publicUrl).host]);
  const requested = c.req.header('host');
  if (requested && HOST.test(requested)) hosts.add(requested.toLowerCase());
  return [...hosts].flatMap((host) => [`ws://${host}`, `wss://${host}`]);
}

/**
 * The console's policy: only its own scripts, styles, images and fonts (Vite emits no inline script or
 * style, and React's `style` props go through the CSSOM, which CSP does not govern), API calls and the
 * `/events` socket to this server, and Stripe when `STRIPE_PUBLISHABLE_KEY` is configured.
 */
export function consolePolicy(c: Context<AppEnv>): string {
  const { config } = c.var.deps;
  const stripe = config.stripe ? STRIPE : { script: [], frame: [], connect: [] };
  return renderPolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...stripe.script],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...socketOrigins(c, config), ...stripe.connect],
    'frame-src': stripe.frame.length ? stripe.frame : ["'none'"],
    'worker-src': ["'none'"],
    'form-action': ["'self'"],
    ...PAGE_BASE,
  });
}

/**
 * The API reference at `/docs`. Scalar's standalone bundle injects its stylesheets as `<style>` elements and
 * sets `style` attributes at run time (Chromium refuses both under `style-src 'self'`), so this page alone
 * allows inline styles. Scripts stay `'self'` only (the bundle and the page's start-up script are files this
 * server serves), and the page may fetch nothing but this server.
 */
export function docsPolicy(): string {
  return renderPolicy({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'frame-src': ["'none'"],
    'form-action': ["'none'"],
    ...PAGE_BASE,
  });
}

/**
 * Browser hardening on every answer: `nosniff`, a same-origin Referer, no framing (CSP `frame-ancestors`
 * and, for older browsers, `X-Frame-Options`), HSTS when `PUBLIC_URL` is https, and the API's
 * Content-Security-Policy unless the route set a page policy of its own (the console shell, `/docs`).
 */
export function securityHeaders() {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'same-origin');
    headers.set('x-frame-options', 'DENY');
    if (!headers.has('content-security-policy'))
      headers.set('content-security-policy', renderPolicy(API_POLICY));
    // Only a server reached over https may pin https; on plain http browsers ignore the header anyway.
    if (c.var.deps.config.publicUrl.startsWith('https:'))
      headers.set('strict-transport-security', 'max-age=31536000');
  });
}
