// Ctrl-C while watching or following a crawl stops the watching only: the crawl keeps running on the server.
import { CliError, EXIT_INTERRUPTED } from '../errors.js';

/**
 * Runs `work` with a signal that Ctrl-C aborts; the run then rejects with an `interrupted` error saying
 * `message` (exit 130). The SIGINT listener lives exactly as long as the work.
 */
export async function untilInterrupted<T>(
  message: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const onInterrupt = (): void =>
    controller.abort(new CliError(message, { code: 'interrupted', exitCode: EXIT_INTERRUPTED }));
  process.once('SIGINT', onInterrupt);
  try {
    return await work(controller.signal);
  } catch (err: unknown) {
    throw controller.signal.aborted ? controller.signal.reason : err;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
}
