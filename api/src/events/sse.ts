import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../app-env.js';
import type { CrawlRow } from '../crawls/serialize.js';

/** Comment lines that keep idle proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * Streams a crawl's events as Server-Sent Events: every event after `after` (0 replays from the start),
 * then live ones as they commit. Once the crawl has ended and everything is sent, an `end` event says so
 * and the stream closes; a stream that closes without it was cut, and resuming with `Last-Event-ID` is exact.
 */
export function streamCrawlEvents(
  c: Context<AppEnv>,
  crawl: CrawlRow,
  options: { after: number; includeMarkdown: boolean },
): Response {
  const { deps, auth } = c.var;
  c.header('cache-control', 'no-cache, no-transform');
  // Tells nginx and friends not to buffer the stream.
  c.header('x-accel-buffering', 'no');
  return streamSSE(c, async (stream) => {
    let finish!: (ended: boolean) => void;
    const done = new Promise<boolean>((resolve) => (finish = resolve));
    stream.onAbort(() => finish(false));
    const subscription = await deps.events.subscribe({
      teamId: auth.teamId,
      projectId: auth.projectId,
      crawlId: crawl.id,
      after: options.after,
      omitMarkdown: !options.includeMarkdown,
      async deliver(events) {
        for (const event of events) {
          if (stream.aborted) return;
          await stream.writeSSE({ id: String(event.id), event: event.type, data: JSON.stringify(event) });
        }
      },
      onEnd: () => finish(true),
    });
    const keepAlive = setInterval(
      () => void stream.write(': keep-alive\n\n').catch(() => finish(false)),
      KEEP_ALIVE_MS,
    );
    try {
      if (await done) await stream.writeSSE({ event: 'end', data: JSON.stringify({ crawlId: crawl.id }) });
    } finally {
      clearInterval(keepAlive);
      subscription.close();
    }
  });
}
