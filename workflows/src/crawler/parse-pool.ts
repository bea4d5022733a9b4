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

interface Slot {
  worker: Worker;
  ready: boolean;
  jobs: Map<number, Job>;
}

/**
 * Parses pages on `size` worker threads so the main thread keeps fetching and committing; with size 0
 * it parses inline. Each job goes to the worker with the fewest jobs. When a worker dies its jobs are
 * parsed inline and it is replaced; when one dies before it ever started, the pool parses inline for good.
 */
export function createParsePool(size: number, onWorkerFailure?: (err: Error) => void): ParsePool {
  // A worker's heap is bounded so a few of them stay cheap; one that runs out dies and is replaced, and
  // its pages are parsed on the main thread instead.
  const resourceLimits = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };
  const script = workerScript();
  let slots: Slot[] = [];
  let nextId = 0;
  let closed = false;
  const inline = (job: Job): void => {
    try {
      job.resolve(parsePage(job.input));
    } catch (err: unknown) {
      job.reject(err instanceof Error ? err : new Error(String(err)));
    }
  };

  const spawn = (): Slot => {
    const worker = script!.fromSource
      ? // From TypeScript sources (tests, tsx): register tsx inside the worker, then load the worker module.
        new Worker(
          `import(${JSON.stringify(script!.tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(script!.url.href)}); });`,
          { eval: true, resourceLimits },
        )
      : new Worker(script!.url, { resourceLimits });
    const slot: Slot = { worker, ready: false, jobs: new Map() };
    worker.on('message', (msg: { ready?: true; id?: number; page?: ParsedPage; error?: string }) => {
      if (msg.ready) return void (slot.ready = true);
      const job = slot.jobs.get(msg.id!);
      slot.jobs.delete(msg.id!);
      if (msg.error !== undefined) job?.reject(new Error(`Parsing failed: ${msg.error}`));
      else job?.resolve(msg.page!);
    });
    const died = (err: Error): void => {
      if (closed || !slots.includes(slot)) return;
      onWorkerFailure?.(err);
      slots = slots.filter((s) => s !== slot);
      if (slot.ready) slots.push(spawn());
      for (const job of slot.jobs.values()) inline(job);
      slot.jobs.clear();
    };
    worker.on('error', died);
    worker.on('exit', (code) => code !== 0 && died(new Error(`Parse worker exited with code ${code}`)));
    worker.unref();
    return slot;
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
        const target = slots.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
        const id = nextId++;
        target.jobs.set(id, job);
        target.worker.postMessage({ id, input });
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
