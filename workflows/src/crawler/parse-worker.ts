// A parse worker: says { ready } once loaded, then answers { id, input } messages with { id, page } or { id, error }.
import { parentPort } from 'node:worker_threads';
import { parsePage, type ParseInput } from './parse-page.js';

parentPort?.on('message', ({ id, input }: { id: number; input: ParseInput }) => {
  try {
    parentPort?.postMessage({ id, page: parsePage(input) });
  } catch (err: unknown) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort?.postMessage({ ready: true });
