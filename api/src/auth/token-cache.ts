import type { Database } from '../db/client.js';

/**
 * How long this process trusts an API token it has looked up, in ms: the bound on how long a token revoked
 * through another API server (or a member removed, or a team deleted there) keeps working here. Revocations
 * through this process take effect at once ({@link forgetApiTokens}). A client polling at 500 requests/s
 * costs one token lookup per this period instead of one per request (docs/benchmarks.md).
 */
export const API_TOKEN_CACHE_MS = 2000;

/** Past this many tokens the cache starts again empty, so no flood of distinct tokens can grow it. */
const MAX_TOKENS = 10_000;

/** What a live token's row says about its caller, and when it was last marked used. */
export interface CachedToken {
  id: string;
  teamId: string;
  projectId: string | null;
  userId: string | null;
  lastUsedAt: Date | null;
}

interface Entry {
  row: CachedToken;
  expiresAt: number;
}

// Per database (tests run many apps, each on its own database, in one process), by token hash. Replaced whole
// by forgetApiTokens: a lookup that was in flight when a token was revoked writes into the map it started
// with, which by then is no longer read, so it cannot bring the revoked token back.
let caches = new WeakMap<Database, Map<string, Entry>>();

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/**
 * The row of the live token with hash `hash`: from the cache while fresh, otherwise from `load` (null for an
 * unknown or revoked token, which is never cached).
 */
export async function cachedApiToken(
  db: Database,
  hash: string,
  load: () => Promise<CachedToken | null>,
): Promise<CachedToken | null> {
  const cache = cacheOf(db);
  const entry = cache.get(hash);
  const now = Date.now();
  if (entry && entry.expiresAt > now) return entry.row;
  if (entry) cache.delete(hash);
  const row = await load();
  if (row) {
    if (cache.size >= MAX_TOKENS) cache.clear();
    cache.set(hash, { row, expiresAt: now + API_TOKEN_CACHE_MS });
  }
  return row;
}

/**
 * Drops every cached token, after a write that may end tokens (a revocation, a member removed, a team
 * deleted): call it once that write has committed.
 */
export function forgetApiTokens(): void {
  caches = new WeakMap();
}
