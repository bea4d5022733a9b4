import type { Crawl, CrawlStatus } from '@trawl/sdk';
import { useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/toast/toast-store';

/** SPEC section 4: when the crawl being viewed becomes succeeded or timed_out, say so. */
export function useCompletionToast(crawl: Crawl | undefined): void {
  const previous = useRef<CrawlStatus | undefined>(undefined);
  const status = crawl?.status;
  useEffect(() => {
    if (previous.current === 'running' && (status === 'succeeded' || status === 'timed_out'))
      toast.success('Crawl completed successfully');
    if (status) previous.current = status;
  }, [status]);
}
