import type { Crawl } from '@trawl/sdk';
import { useEffect, useRef } from 'react';

/**
 * While the crawl runs on the first page with no search, reloads that page when the result count
 * grows; and once more when the crawl ends, for the last results stored.
 */
export function useLiveResults(crawl: Crawl, onFirstPage: boolean, reload: () => unknown): void {
  const seenCount = useRef(crawl.numberOfResults);
  const seenStatus = useRef(crawl.status);
  useEffect(() => {
    const grew = crawl.numberOfResults > seenCount.current;
    const ended = seenStatus.current === 'running' && crawl.status !== 'running';
    seenCount.current = Math.max(seenCount.current, crawl.numberOfResults);
    seenStatus.current = crawl.status;
    if ((grew || ended) && onFirstPage) void reload();
  }, [crawl.numberOfResults, crawl.status, onFirstPage, reload]);
}
