import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parsePage, type ParseInput, type ParsedPage } from './parse-page.js';

export interface ParsePool {
  parse(input: ParseInput, signal?: AbortSignal): Promise<ParsedPage>;
  /** Worker threads parsing now; 0 when the pool parses inline. */
  readonly workers: number;
  close(): Promise<void>;
}

interface Job {
  input: ParseInput;
  resolve: (page: ParsedPage) => void;
  reject: (err: Error) => void;
}

type WorkerMessage = { ready?: true; id?: number; page?: ParsedPage; error?: string };

/**
 * A worker's heap is bounded; it grows only while a large page is parsed: a 3 MB article needs about
 * 90 MB. A smaller bound than this kills workers on pages that are merely long.
 */
const PARSE_WORKER_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 8 };

/** A page that could not be parsed: the crawl logs it and goes on. */
export class ParseError extends Error {
  constructor(reason: string) {
    super(`Parsing failed: ${reason}`);
    this.name = 'ParseError';
  }
}

const settle = (job: Job, msg: WorkerMessage): void =>
  msg.error !== undefined ? job.reject(new ParseError(msg.error)) : job.resolve(msg.page!);

interface Slot {
  worker: Worker;
  ready: boolean;
  jobs: Map<number, Job>;
}

/**
 * Parses pages on `size` worker threads so the main thread keeps fetching and committing; with size 0
 * it parses inline. Each job goes to the worker with the fewest jobs. When a worker dies it is replaced,
 * and each job it held runs again alone, on a worker of its own: if that one dies too, the job is the
 * page that kills workers, and it fails with a clear error rather than taking the main thread's memory
 * (a page of dense markup can need gigabytes). When a worker dies before it ever started, the pool
 * parses inline for good.
 */
export function createParsePool(size: number, onWorkerFailure?: (err: Error) => void): ParsePool {
  const script = workerScript();
  let slots: Slot[] = [];
  let nextId = 0;
  let closed = false;
  const inline = (job: Job): void => {
    try {
      job.resolve(parsePage(job.input));
    } catch (err: unknown) {
      job.reject(new ParseError(err instanceof Error ? err.message : String(err)));
    }
  };

  const startWorker = (): Worker =>
    script!.fromSource
      ? // From TypeScript sources (tests, tsx): register tsx inside the worker, then load the worker module.
        new Worker(
          `import(${JSON.stringify(script!.tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(script!.url.href)}); });`,
          { eval: true, resourceLimits: PARSE_WORKER_LIMITS },
        )
      : new Worker(script!.url, { resourceLimits: PARSE_WORKER_LIMITS });

  const spawn = (): Slot => {
    const worker = startWorker();
    const slot: Slot = { worker, ready: false, jobs: new Map() };
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.ready) return void (slot.ready = true);
      const job = slot.jobs.get(msg.id!);
      slot.jobs.delete(msg.id!);
      if (job) settle(job, msg);
    });
    const died = (err: Error): void => {
      if (closed || !slots.includes(slot)) return;
      onWorkerFailure?.(err);
      slots = slots.filter((s) => s !== slot);
      if (slot.ready) slots.push(spawn());
      const orphans = [...slot.jobs.values()];
      slot.jobs.clear();
      for (const job of orphans) (slot.ready ? runAlone : inline)(job);
    };
    worker.on('error', died);
    worker.on('exit', (code) => code !== 0 && died(new Error(`Parse worker exited with code ${code}`)));
    worker.unref();
    return slot;
  };

  /** Runs one job on a worker of its own, ended once the job is. */
  const runAlone = (job: Job): void => {
    if (closed) return job.reject(new ParseError('the parse pool is closed'));
    const worker = startWorker();
    let done = false;
    const finish = (end: () => void): void => {
      if (done) return;
      done = true;
      end();
      void worker.terminate();
    };
    const killed = (): void =>
      finish(() =>
        job.reject(
          new ParseError(
            `the page needs more than the ${PARSE_WORKER_LIMITS.maxOldGenerationSizeMb} MB of memory a parse worker has`,
          ),
        ),
      );
    worker.on('message', (msg: WorkerMessage) => {
      if (!msg.ready) finish(() => settle(job, msg));
    });
    worker.on('error', killed);
    worker.on('exit', killed);
    worker.unref();
    worker.postMessage({ id: 0, input: job.input });
  };

  const dispatch = (job: Job): void => {
    const target = slots.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    const id = nextId++;
    target.jobs.set(id, job);
    target.worker.postMessage({ id, input: job.input });
  };
  if (script && size > 0) slots = Array.from({ length: size }, spawn);

  return {
    get workers() {
      return slots.length;
    },
    parse(input, signal) {
      return new Promise<ParsedPage>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const onAbort = (): void => reject(signal?.reason);
        signal?.addEventListener('abort', onAbort, { once: true });
        const job: Job = {
          input,
          resolve: (page) => (signal?.removeEventListener('abort', onAbort), resolve(page)),
          reject: (err) => (signal?.removeEventListener('abort', onAbort), reject(err)),
        };
        if (slots.length === 0) return inline(job);
        dispatch(job);
      });
    },
    async close() {
      closed = true;
      const all = slots;
      slots = [];
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

/** The worker's compiled script, or its TypeScript source with tsx to load it (tests); null parses inline. */
function workerScript():
  { url: URL; fromSource: false } | { url: URL; fromSource: true; tsx: string } | null {
  const compiled = new URL('./parse-worker.js', import.meta.url);
  if (existsSync(compiled)) return { url: compiled, fromSource: false };
  const source = new URL('./parse-worker.ts', import.meta.url);
  if (!existsSync(source)) return null;
  try {
    // The package's import entry sits beside its require entry; the require one cannot load in a worker.
    const tsx = createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs');
    return { url: source, fromSource: true, tsx: pathToFileURL(tsx).href };
  } catch {
    return null;
  }
}
