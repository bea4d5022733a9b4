// Watching a running crawl until it ends, for `trawl crawl --wait` and `trawl status --wait`.
// Ctrl-C stops the watching only: the crawl keeps running on the server and can be watched again.
import type { Crawl } from '@trawl/sdk';
import { summarizeCrawl } from '../crawl-view.js';
import type { Session } from '../session.js';
import { untilInterrupted } from './interrupt.js';

/** Receives every poll of the crawl while it is watched. */
export interface ProgressReporter {
  update(crawl: Crawl): void;
  stop(): void;
}

/** Milliseconds between polls: often enough to feel live, rare enough to be no load on the server. */
export const POLL_INTERVAL_MS = 1000;

/** Plain lines on stderr when there is no terminal to animate: one line whenever status or count changes. */
function lineReporter(session: Session): ProgressReporter {
  let last = '';
  return {
    update(crawl) {
      const key = `${crawl.status}:${crawl.numberOfResults}`;
      if (key === last) return;
      last = key;
      session.note(`Crawl ${crawl.id} ${summarizeCrawl(crawl, session.paintErr)}`);
    },
    stop() {},
  };
}

const silentReporter: ProgressReporter = { update() {}, stop() {} };

async function createReporter(session: Session, crawl: Crawl): Promise<ProgressReporter> {
  if (session.json) return silentReporter;
  if (!session.interactive) return lineReporter(session);
  // ink and React load only for a live view on a terminal.
  const { mountProgress } = await import('./live-progress.js');
  return mountProgress(session.stderr, crawl, session.stderrColor);
}

/**
 * Polls the crawl until it leaves `running` and returns it in its final state, showing progress as
 * the session allows. On Ctrl-C it rejects with an `interrupted` error that says how to resume.
 */
export async function watchCrawl(session: Session, crawl: Crawl): Promise<Crawl> {
  if (crawl.status !== 'running') return crawl;
  const client = session.client();
  const message = `Stopped watching; crawl ${crawl.id} is still running. Watch it again with: trawl status ${crawl.id} --wait`;
  return untilInterrupted(message, async (signal) => {
    const reporter = await createReporter(session, crawl);
    try {
      reporter.update(crawl);
      return await client.crawls.waitForCompletion(crawl.id, {
        signal,
        pollIntervalMs: POLL_INTERVAL_MS,
        onProgress: (latest) => reporter.update(latest),
      });
    } finally {
      reporter.stop();
    }
  });
}
