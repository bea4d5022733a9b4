// Where `trawl results` writes: stdout, or a file that appears only once complete. Both honour
// backpressure, so a crawl of thousands of pages streams through without piling up in memory.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { CliError } from './errors.js';

export interface Sink {
  write(chunk: string): Promise<void>;
  /** Finishes the output; for a file, moves it into place. */
  close(): Promise<void>;
  /** Gives up: a file's partial output is removed and whatever was there before is left alone. */
  discard(): Promise<void>;
  /** Bytes written so far. */
  readonly bytes: number;
}

/**
 * Resolves once the chunk is handed to the system. One chunk in flight at a time is the backpressure,
 * and the callback carries a closed pipe (EPIPE) or a full disk back to the command.
 */
function writeTo(stream: Writable, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(chunk, (err) => (err ? reject(err) : resolve()));
  });
}

/** Writes to a stream the CLI does not own, such as stdout: closing leaves it open. */
export function streamSink(stream: Writable): Sink {
  let bytes = 0;
  return {
    get bytes() {
      return bytes;
    },
    async write(chunk) {
      bytes += Buffer.byteLength(chunk);
      await writeTo(stream, chunk);
    },
    async close() {},
    async discard() {},
  };
}

/** Writes to `path` through a temporary file beside it, renamed over `path` (created or overwritten) on close. */
export async function fileSink(path: string): Promise<Sink> {
  const target = resolve(path);
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  const stream = createWriteStream(temp, { flags: 'w' });
  // Failures reach the command through write callbacks; this listener only keeps them from being uncaught.
  stream.on('error', () => undefined);
  // Node's message names the temporary file; the user only knows the target.
  const fail = (err: unknown): CliError =>
    new CliError(`Could not write ${target}: ${(err as Error).message.replace(/, \w+ '.*'$/, '')}`, {
      code: 'output_error',
      cause: err,
    });
  try {
    await once(stream, 'open');
  } catch (err: unknown) {
    throw fail(err);
  }
  let bytes = 0;
  return {
    get bytes() {
      return bytes;
    },
    async write(chunk) {
      bytes += Buffer.byteLength(chunk);
      await writeTo(stream, chunk).catch((err: unknown) => {
        throw fail(err);
      });
    },
    async close() {
      try {
        await new Promise<void>((done, reject) => {
          stream.once('error', reject);
          stream.end(done);
        });
        await rename(temp, target);
      } catch (err: unknown) {
        await rm(temp, { force: true });
        throw fail(err);
      }
    },
    async discard() {
      stream.destroy();
      await rm(temp, { force: true });
    },
  };
}
