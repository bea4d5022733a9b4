import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env.js';

/**
 * CORS for the bearer-token API: calls carry no ambient credentials, so any origin may make them (the SDK in
 * browsers). Preflights are Hono's `cors()`. For the calls themselves the one header goes on after the route,
 * onto the headers of the answer it made: `cors()` sets it on `c.res` before the route runs, and an answer
 * given over an existing `c.res` is rebuilt around a stream of its body, so every JSON answer was encoded
 * again and piped through a web stream (about a fifth of the CPU time of a 1.5 MB results page; see
 * docs/benchmarks.md).
 */
export function bearerCors() {
  const preflight = cors({
    origin: '*',
    allowHeaders: ['authorization', 'content-type', 'x-project-id'],
    maxAge: 600,
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    c.res.headers.set('access-control-allow-origin', '*');
  });
}
