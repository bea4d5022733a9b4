export interface HostSchedulerOptions {
  /** Requests in flight to one host at most. @default 4 */
  perHost?: number;
  /** Longest Crawl-delay honoured, in seconds; longer requests are capped to this. @default 30 */
  maxDelaySeconds?: number;
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
  nextStartAt: number;
  waiting: Array<() => void>;
}

/**
 * Politeness per host, shared by every crawl of the process so two crawls of one site do not double its
 * load: a concurrency cap per host, and the site's Crawl-delay between request starts.
 */
export function createHostScheduler(options: HostSchedulerOptions = {}): HostScheduler {
  const perHost = options.perHost ?? 4;
  const maxDelayMs = (options.maxDelaySeconds ?? 30) * 1000;
  const hosts = new Map<string, HostState>();
  const state = (host: string): HostState => {
    let s = hosts.get(host);
    if (!s) {
      s = { active: 0, delayMs: 0, nextStartAt: 0, waiting: [] };
      hosts.set(host, s);
    }
    return s;
  };

  const acquire = async (s: HostState, signal?: AbortSignal): Promise<void> => {
    // With a crawl delay the host is served one request at a time, spaced by the delay.
    const limit = s.delayMs > 0 ? 1 : perHost;
    while (s.active >= limit) await waitTurn(s, signal);
    s.active++;
    try {
      await paceState(s, signal);
    } catch (err: unknown) {
      release(s);
      throw err;
    }
  };
  const release = (s: HostState): void => {
    s.active--;
    s.waiting.shift()?.();
  };

  return {
    async schedule(host, work, signal) {
      const s = state(host);
      await acquire(s, signal);
      try {
        return await work();
      } finally {
        release(s);
      }
    },
    setDelay(host, seconds) {
      state(host).delayMs = Math.min(Math.max(seconds, 0) * 1000, maxDelayMs);
    },
    pace: (host, signal) => paceState(state(host), signal),
  };
}

async function paceState(s: HostState, signal?: AbortSignal): Promise<void> {
  const wait = s.nextStartAt - Date.now();
  s.nextStartAt = Math.max(Date.now(), s.nextStartAt) + s.delayMs;
  if (wait > 0) await sleep(wait, signal);
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
