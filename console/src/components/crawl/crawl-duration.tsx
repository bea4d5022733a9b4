import type { Crawl } from '@trawl/sdk';
import { formatDuration, secondsSince } from '../../lib/duration';
import { useNow } from '../../lib/use-now';

/** A live timer counting up while the crawl runs; the stored duration once it has ended. */
export function CrawlDuration({
  crawl,
}: {
  crawl: Pick<Crawl, 'status' | 'createdAt' | 'durationInSeconds'>;
}) {
  const running = crawl.status === 'running';
  const now = useNow(running);
  if (running) {
    return (
      <span className="tabular" aria-live="off">
        {formatDuration(secondsSince(crawl.createdAt, now))}
      </span>
    );
  }
  if (crawl.durationInSeconds === null) return <span className="muted">—</span>;
  return <span className="tabular">{formatDuration(crawl.durationInSeconds)}</span>;
}
