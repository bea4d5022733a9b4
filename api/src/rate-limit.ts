import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from './app-env.js';
import type { Config } from './config.js';
import type { ErrorBody } from './errors.js';

/** A limit of `limit` requests per client IP in each window of `windowMs`. */
export interface RateRule {
  /** Names the bucket: each rule counts apart. */
  name: string;
  windowMs: number;
  limit(config: Config): number;
}

interface Window {
  count: number;
  resetAt: number;
}

interface Counters {
  windows: Map<string, Window>;
  nextSweepAt: number;
}

/** Counters per server: fixed windows kept in memory (one process; see README on running several). */
const counters = new WeakMap<AppDeps, Counters>();
/** Past this many live keys, expired windows are dropped, at most once a minute so a flood costs no more. */
const SWEEP_AT = 10_000;
const SWEEP_EVERY_MS = 60_000;

/**
 * The client's IP: the socket's peer, or, behind `TRAWL_TRUST_PROXY` = N trusted proxies, the N-th entry of
 * `X-Forwarded-For` from the right (the address the outermost trusted proxy saw). Entries further left are
 * written by the client and never trusted.
 */
export function clientIp(c: Context<AppEnv>): string {
  const peer = getConnInfo(c).remote.address ?? 'unknown';
  const hops = c.var.deps.config.trustProxy;
  if (!hops) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!forwarded.length) return peer;
  return forwarded[Math.max(0, forwarded.length - hops)]!;
}

/** Answers 429 with `Retry-After` once a client IP has used up the rule's requests in the current window. */
export function rateLimit(rule: RateRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { deps } = c.var;
    let state = counters.get(deps);
    if (!state) counters.set(deps, (state = { windows: new Map(), nextSweepAt: 0 }));
    const { windows } = state;
    const now = Date.now();
    if (windows.size >= SWEEP_AT && now >= state.nextSweepAt) {
      state.nextSweepAt = now + SWEEP_EVERY_MS;
      for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    }

    const key = `${rule.name}:${clientIp(c)}`;
    let window = windows.get(key);
    if (!window || window.resetAt <= now) windows.set(key, (window = { count: 0, resetAt: now + rule.windowMs }));
    window.count += 1;
    if (window.count > rule.limit(deps.config)) {
      const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      const body: ErrorBody = { code: 'rate_limited', message: `Too many requests; try again in ${seconds} seconds` };
      return c.json(body, 429, { 'retry-after': String(seconds) });
    }
    await next();
  });
}

const FIFTEEN_MINUTES = 15 * 60_000;

export const RATE_RULES = {
  publicCrawls: { name: 'public-crawls', windowMs: 60 * 60_000, limit: (c) => c.rateLimits.publicCrawlsPerHour },
  login: { name: 'login', windowMs: FIFTEEN_MINUTES, limit: (c) => c.rateLimits.authPer15Minutes },
  signup: { name: 'signup', windowMs: FIFTEEN_MINUTES, limit: (c) => c.rateLimits.authPer15Minutes },
  forgotPassword: { name: 'forgot-password', windowMs: FIFTEEN_MINUTES, limit: (c) => c.rateLimits.authPer15Minutes },
} satisfies Record<string, RateRule>;
