import { MAX_CRAWL_DELAY_SECONDS } from './settings.js';

/**
 * Politeness state shared by several processes (Temporal workers, through their database), so a site
 * crawled from many workers gets the same per-host cap and Crawl-delay as from one.
 */
export interface SharedPoliteness {
  /** Takes one of the host's `limit` request slots for at most `leaseMs`; its token, or null when all are taken. */
  tryAcquire(host: string, limit: number, leaseMs: number): Promise<string | null>;
  release(host: string, token: string): Promise<void>;
  /**
   * Claims the host's next request start if `delayMs` have passed since the last one (0), or says how
   * many ms remain until they have (the caller waits and asks again).
   */
  tryStart(host: string, delayMs: number): Promise<number>;
}

export interface HostSchedulerOptions {
  /** Requests in flight to one host at most. @default 4 */
  perHost?: number;
  /** Longest Crawl-delay honoured, in seconds; longer requests are capped to this. @default 30 */
  maxDelaySeconds?: number;
  /** Applies the cap and the delay across processes too; without it they hold within this process only. */
  shared?: SharedPoliteness;
  /** How often a request waiting for a shared slot asks again. @default 200 */
  sharedPollMs?: number;
  /** How long a shared slot outlives a process that died holding it. @default 120000 */
  sharedLeaseMs?: number;
}

export interface HostScheduler {
  /** Runs `work` when the host has a free slot and its crawl delay has passed; rejects at once on abort. */
  schedule<T>(host: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Sets the minimum gap between request starts to a host (from its robots.txt Crawl-delay). */
  setDelay(host: string, seconds: number): void;
  /**
   * Waits for the host's crawl delay without taking a slot: for the further requests one scheduled
   * fetch makes (redirect hops), which are requests to the site all the same.
   */
  pace(host: string, signal?: AbortSignal): Promise<void>;
}

interface HostState {
  active: number;
  delayMs: number;
  lastStartAt: number;
  waiting: Array<() => void>;
}

/**
 * Politeness per host, shared by every crawl of the process so two crawls of one site do not double its
 * load: a concurrency cap per host, and the site's Crawl-delay between request starts. With `shared`,
 * the cap and the delay hold across every process that shares it as well.
 */
export function createHostScheduler(options: HostSchedulerOptions = {}): HostScheduler {
  const perHost = options.perHost ?? 4;
  const maxDelayMs = (options.maxDelaySeconds ?? MAX_CRAWL_DELAY_SECONDS) * 1000;
  const hosts = new Map<string, HostState>();
  const state = (host: string): HostState => {
    let s = hosts.get(host);
    if (!s) {
      s = { active: 0, delayMs: 0, lastStartAt: 0, waiting: [] };
      hosts.set(host, s);
    }
    return s;
  };

  const { shared } = options;
  /** Waits for the host's next start: across processes when shared, else in this one. */
  const pace = async (host: string, s: HostState, signal?: AbortSignal): Promise<void> => {
    if (!shared) return paceState(s, signal);
    if (s.delayMs === 0) return;
    for (let wait = await shared.tryStart(host, s.delayMs); wait > 0;) {
      await sleep(wait, signal);
      wait = await shared.tryStart(host, s.delayMs);
    }
  };
  /** Takes a local slot, then a shared one; returns the shared slot's token. */
  const acquire = async (host: string, s: HostState, signal?: AbortSignal): Promise<string | null> => {
    // With a crawl delay the host is served one request at a time, spaced by the delay.
    const limit = s.delayMs > 0 ? 1 : perHost;
    while (s.active >= limit) await waitTurn(s, signal);
    s.active++;
    let token: string | null = null;
    try {
      if (shared) {
        while (!(token = await shared.tryAcquire(host, limit, options.sharedLeaseMs ?? 120_000)))
          await sleep(options.sharedPollMs ?? 200, signal);
      }
      await pace(host, s, signal);
      return token;
    } catch (err: unknown) {
      release(host, s, token);
      throw err;
    }
  };
  const release = (host: string, s: HostState, token: string | null): void => {
    s.active--;
    s.waiting.shift()?.();
    // A slot whose release is lost frees itself when its lease ends.
    if (token) void shared?.release(host, token).catch(() => undefined);
  };

  return {
    async schedule(host, work, signal) {
      const s = state(host);
      const token = await acquire(host, s, signal);
      try {
        return await work();
      } finally {
        release(host, s, token);
      }
    },
    setDelay(host, seconds) {
      state(host).delayMs = Math.min(Math.max(seconds, 0) * 1000, maxDelayMs);
    },
    pace: (host, signal) => pace(host, state(host), signal),
  };
}

/**
 * Waits until the delay has passed since the host's last start, measured from when that start really happened:
 * a timer that fires late (a busy event loop) must not let the next request follow it closely. Pacers that wake
 * together claim in turn; the others wait again.
 */
async function paceState(s: HostState, signal?: AbortSignal): Promise<void> {
  for (;;) {
    const wait = s.lastStartAt + s.delayMs - Date.now();
    if (wait <= 0) {
      s.lastStartAt = Date.now();
      return;
    }
    await sleep(wait, signal);
  }
}

function waitTurn(s: HostState, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      const i = s.waiting.indexOf(wake);
      if (i >= 0) s.waiting.splice(i, 1);
      reject(signal?.reason);
    };
    const wake = (): void => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    s.waiting.push(wake);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
