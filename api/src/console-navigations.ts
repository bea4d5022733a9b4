import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './app-env.js';
import { consoleShell } from './console-assets.js';

/**
 * Console pages whose paths the API serves too, or that `mountConsole` does not list: the admin area
 * (`/admin/health` is also `GET /admin/health`, and every `/admin` path passes the API's admin check),
 * the public try-out (`/try`), the Schedules page (`/schedules`), and any console path under a project id (`/{projectId}/home`), which the
 * console strips (SPEC.md section 2).
 */
const CONSOLE_PAGES = [
  /^\/admin(\/(health|crawl|support))?\/?$/,
  /^\/try\/?$/,
  // `GET /schedules` is also the API's list of schedules.
  /^\/schedules\/?$/,
  /^\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\/.*)?$/i,
];

/** A browser opening a page (typing the address, following a link, reloading), not a script calling the API. */
function isDocumentNavigation(c: Context<AppEnv>): boolean {
  const dest = c.req.header('sec-fetch-dest');
  if (dest) return dest === 'document';
  // Browsers without Fetch Metadata: a navigation asks for HTML; API clients ask for JSON or anything.
  return (c.req.header('accept') ?? '').includes('text/html');
}

/**
 * Answers browser navigations to {@link CONSOLE_PAGES} with the console's app shell, before the API routes
 * see them; API calls to the same paths go on to the API. Without a console build nothing is mounted.
 */
export function serveConsoleNavigations(app: Hono<AppEnv>, dir: string): boolean {
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) return false;
  const shell = readFileSync(indexPath, 'utf8');
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' || !CONSOLE_PAGES.some((page) => page.test(c.req.path))) return next();
    if (!isDocumentNavigation(c)) return next();
    return consoleShell(c, shell);
  });
  return true;
}
