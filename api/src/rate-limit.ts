import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from './app-env.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { rateLimitCounters } from './db/schema.js';
import type { ErrorBody } from './errors.js';

/** A limit of `limit` requests per client IP in each window of `windowMs`. */
export interface RateRule {
  /** Names the bucket: each rule counts apart. */
  name: string;
  windowMs: number;
  limit(config: Config): number;
}

/** Rows of ended windows are deleted at most this often per process (one indexed delete). */
const SWEEP_EVERY_MS = 60_000;
const nextSweepAt = new WeakMap<AppDeps, number>();

/**
 * Counts one request of `clientIp` against `rule` in one atomic upsert, on the database's clock so that
 * every process agrees: a first request (or the first after its window ended) opens a window of
 * `windowMs`; later ones add to it. Answers the count so far and the whole seconds until the window ends.
 */
async function countRequest(
  db: Database,
  rule: RateRule,
  clientIp: string,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const t = rateLimitCounters;
  const ended = sql`${t.resetAt} <= now()`;
  const [row] = await db
    .insert(t)
    .values({
      rule: rule.name,
      clientIp,
      count: 1,
      resetAt: sql`now() + ${rule.windowMs} * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: [t.rule, t.clientIp],
      set: {
        count: sql`case when ${ended} then 1 else ${t.count} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${t.resetAt} end`,
      },
    })
    .returning({
      count: t.count,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${t.resetAt} - now())))::int`,
    });
  return row!;
}

async function sweepEndedWindows(deps: AppDeps): Promise<void> {
  const now = Date.now();
  if (now < (nextSweepAt.get(deps) ?? 0)) return;
  nextSweepAt.set(deps, now + SWEEP_EVERY_MS);
  await deps.db.delete(rateLimitCounters).where(sql`${rateLimitCounters.resetAt} <= now()`);
}

/**
 * The client's IP: the socket's peer, or, behind `TRAWL_TRUST_PROXY` = N trusted proxies, the N-th entry of
 * `X-Forwarded-For` from the right (the address the outermost trusted proxy saw). Entries further left are
 * written by the client and never trusted.
 */
export function clientIp(c: Context<AppEnv>): string {
  const peer = getConnInfo(c).remote.address ?? 'unknown';
  const hops = c.var.deps.config.trustProxy;
  if (!hops) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!forwarded.length) return peer;
  return forwarded[Math.max(0, forwarded.length - hops)]!;
}

/**
 * Answers 429 with `Retry-After` once a client IP has used up the rule's requests in the current window.
 * The counters live in the database, so the limit holds however many API processes share it.
 */
export function rateLimit(rule: RateRule) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { deps } = c.var;
    const { count, retryAfterSeconds } = await countRequest(deps.db, rule, clientIp(c));
    await sweepEndedWindows(deps);
    if (count > rule.limit(deps.config)) {
      const body: ErrorBody = {
        code: 'rate_limited',
        message: `Too many requests; try again in ${retryAfterSeconds} seconds`,
      };
      return c.json(body, 429, { 'retry-after': String(retryAfterSeconds) });
    }
    await next();
  });
}

const FIFTEEN_MINUTES = 15 * 60_000;

export const RATE_RULES = {
  publicCrawls: {
    name: 'public-crawls',
    windowMs: 60 * 60_000,
    limit: (c) => c.rateLimits.publicCrawlsPerHour,
  },
  login: { name: 'login', windowMs: FIFTEEN_MINUTES, limit: (c) => c.rateLimits.authPer15Minutes },
  signup: { name: 'signup', windowMs: FIFTEEN_MINUTES, limit: (c) => c.rateLimits.authPer15Minutes },
  forgotPassword: {
    name: 'forgot-password',
    windowMs: FIFTEEN_MINUTES,
    limit: (c) => c.rateLimits.authPer15Minutes,
  },
} satisfies Record<string, RateRule>;
