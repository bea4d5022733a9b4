import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './app-env.js';
import { consolePolicy } from './security-headers.js';

/** Routes of the console (SPEC.md section 2); each answers the single-page app's index.html. */
const CONSOLE_ROUTES = [
  '/',
  '/home',
  '/login',
  '/signup',
  '/invite',
  '/forgot-password',
  '/reset-password',
  '/crawl-result/*',
  '/settings',
  '/settings/*',
  '/admin',
  '/admin/*',
];

/** Answers a console page: the single-page app's shell, never cached, under the console's policy. */
export function consoleShell(c: Context<AppEnv>, shell: string): Response {
  c.header('cache-control', 'no-cache');
  c.header('content-security-policy', consolePolicy(c));
  return c.html(shell);
}

/**
 * Serves the built console from `dir`: hashed assets with a long cache, the app shell for console
 * routes. Without a build (API-only deployments, tests of the API alone) nothing is mounted.
 */
export function mountConsole(app: Hono<AppEnv>, dir: string): boolean {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) return false;
  const shell = readFileSync(indexPath, 'utf8');

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('cache-control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root: dir }));
  app.get('/favicon.svg', serveStatic({ root: dir }));
  for (const route of CONSOLE_ROUTES) {
    app.get(route, (c) => consoleShell(c, shell));
  }
  return true;
}
