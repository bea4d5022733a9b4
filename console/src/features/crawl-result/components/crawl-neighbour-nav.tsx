import { Link } from 'wouter';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { withoutQuery } from '../../../lib/urls';
import { useCrawlNeighbours } from '../api/get-crawl-neighbours';
import type { Crawl } from '@trawl/sdk';

function NeighbourLink({ crawl, direction }: { crawl: Crawl | null; direction: 'previous' | 'next' }) {
  const label = direction === 'previous' ? 'Previous crawl' : 'Next crawl';
  const Icon = direction === 'previous' ? ChevronLeftIcon : ChevronRightIcon;
  if (!crawl) {
    return (
      <button type="button" className="icon-button icon-button--md" aria-label={label} disabled>
        <Icon />
      </button>
    );
  }
  return (
    <Tooltip content={withoutQuery(crawl.startUrls[0] ?? '')} placement="bottom">
      <Link href={`/crawl-result/${crawl.id}`} className="icon-button icon-button--md" aria-label={label}>
        <Icon />
      </Link>
    </Tooltip>
  );
}

/** Arrows to the crawls before and after this one in the crawl list. */
export function CrawlNeighbourNav({ crawlId }: { crawlId: string }) {
  const { previous, next } = useCrawlNeighbours(crawlId, true);
  return (
    <div className="neighbour-nav" role="group" aria-label="Other crawls">
      <NeighbourLink crawl={previous} direction="previous" />
      <NeighbourLink crawl={next} direction="next" />
    </div>
  );
}
