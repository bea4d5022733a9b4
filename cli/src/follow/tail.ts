// Following a crawl live, for `trawl tail <id>` and `trawl crawl <url> --tail`: its events arrive over
// Server-Sent Events (resuming after a cut), and show as an ink view on a terminal, plain lines in a pipe,
// or JSON Lines under --json. Ctrl-C stops the following only; the crawl keeps running on the server.
import type { Crawl, CrawlLog, CrawlStreamEvent } from '@trawl/sdk';
import type { Paint, Style } from '../colors.js';
import { endedWell, summarizeCrawl } from '../crawl-view.js';
import { CliError } from '../errors.js';
import { formatTime } from '../output.js';
import type { Session } from '../session.js';
import { untilInterrupted } from './interrupt.js';

export interface TailOptions {
  /** Shows debug log lines too (such as which engine fetched each page). */
  debug?: boolean;
}

/** What a tail shows, however it shows it. */
export interface TailReporter {
  crawl(crawl: Crawl): void;
  log(line: CrawlLog): void;
  stop(): void;
}

const LEVEL_STYLE: Record<CrawlLog['level'], Style> = {
  debug: 'dim',
  info: 'blue',
  warn: 'yellow',
  error: 'red',
};

/** `12:14:05 warn  Skipped https://x/y — Disallowed by robots.txt`, the level coloured. */
export function formatLogLine(line: CrawlLog, paint: Paint): string {
  const description = line.description ? ` ${paint('dim', `- ${line.description}`)}` : '';
  return `${paint('dim', formatTime(line.createdAt))} ${paint(LEVEL_STYLE[line.level], line.level.padEnd(5))} ${line.message}${description}`;
}

/**
 * Plain lines on stdout: where the crawl stands when following starts, then every log line. The outcome
 * line comes from the command once the stream has ended (a replayed status event may already be final).
 */
function lineReporter(session: Session): TailReporter {
  let first = true;
  return {
    crawl(crawl) {
      if (first && crawl.status === 'running')
        session.print(`Crawl ${crawl.id} ${summarizeCrawl(crawl, session.paint)}`);
      first = false;
    },
    log(line) {
      session.print(formatLogLine(line, session.paint));
    },
    stop() {},
  };
}

async function createReporter(session: Session, crawl: Crawl): Promise<TailReporter> {
  if (!session.interactive) return lineReporter(session);
  // ink and React load only for a live view on a terminal.
  const { mountTail } = await import('./live-tail.js');
  return mountTail(session.stderr, crawl, session.stderrColor);
}

/**
 * Follows the crawl's events until it has ended and every event is shown; returns it in its final state.
 * On Ctrl-C it rejects with an `interrupted` error that says how to follow it again.
 */
export async function tailCrawl(session: Session, start: Crawl, options: TailOptions = {}): Promise<Crawl> {
  const client = session.client();
  const message = `Stopped following; crawl ${start.id} is still running. Follow it again with: trawl tail ${start.id}`;
  return untilInterrupted(message, async (signal) => {
    const reporter: TailReporter | null = session.json ? null : await createReporter(session, start);
    let crawl = start;
    try {
      reporter?.crawl(crawl);
      for await (const event of client.crawls.watch(start.id, { includeMarkdown: false, signal })) {
        if (session.json) {
          session.print(JSON.stringify(event));
          continue;
        }
        crawl = show(event, crawl, reporter!, options);
      }
      // The stream ends once the crawl has; its last CRAWL_EVENT may predate the final counts.
      crawl = await client.crawls.get(start.id, { signal });
      reporter?.crawl(crawl);
      return crawl;
    } finally {
      reporter?.stop();
    }
  });
}

function show(event: CrawlStreamEvent, crawl: Crawl, reporter: TailReporter, options: TailOptions): Crawl {
  switch (event.type) {
    case 'CRAWL_EVENT':
      reporter.crawl(event.crawl);
      return event.crawl;
    case 'CRAWL_RESULT_CREATED_EVENT': {
      // Counts only grow; a replayed older event never takes the count back.
      const next = { ...crawl, numberOfResults: Math.max(crawl.numberOfResults, event.totalCount) };
      reporter.crawl(next);
      return next;
    }
    case 'CRAWL_LOG_CREATED_EVENT':
      if (event.crawlLog.level !== 'debug' || options.debug) reporter.log(event.crawlLog);
      return crawl;
  }
}

/** Tails the crawl, prints the outcome, and fails unless the crawl ended well: `trawl tail` and `trawl crawl --tail`. */
export async function followToEnd(session: Session, crawl: Crawl, options: TailOptions): Promise<Crawl> {
  const done = await tailCrawl(session, crawl, options);
  if (!session.json) session.print(`Crawl ${done.id} ${summarizeCrawl(done, session.paint)}`);
  if (!endedWell(done.status)) {
    throw new CliError(`Crawl ${done.id} ended ${done.status} with ${done.numberOfResults} results`, {
      code: `crawl_${done.status}`,
    });
  }
  return done;
}
