import type { Crawl } from '@trawl/sdk';
import { useEffect, useRef } from 'react';
import { useThrottled } from '../../../lib/use-throttled';

/** Results can arrive by the dozen a second: the first page is read again at most this often. */
const RELOAD_EVERY_MS = 1000;

/**
 * While the crawl runs on the first page with no search, reloads that page when the result count
 * grows; and once more when the crawl ends, for the last results stored.
 */
export function useLiveResults(crawl: Crawl, onFirstPage: boolean, reloadPage: () => unknown): void {
  const reload = useThrottled(() => void reloadPage(), RELOAD_EVERY_MS);
  const seenCount = useRef(crawl.numberOfResults);
  const seenStatus = useRef(crawl.status);
  useEffect(() => {
    const grew = crawl.numberOfResults > seenCount.current;
    const ended = seenStatus.current === 'running' && crawl.status !== 'running';
    seenCount.current = Math.max(seenCount.current, crawl.numberOfResults);
    seenStatus.current = crawl.status;
    if ((grew || ended) && onFirstPage) reload();
  }, [crawl.numberOfResults, crawl.status, onFirstPage, reload]);
}
