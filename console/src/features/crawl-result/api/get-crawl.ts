import type { Crawl } from '@trawl/sdk';
import useSWR, { type KeyedMutator } from 'swr';
import { useTrawl } from '../../../lib/auth';
import { isNotFound, isRetryable, reportFailure } from '../../../lib/report-failure';

/** SPEC section 4: a running crawl is refreshed every 5 seconds. */
const RUNNING_REFRESH_MS = 5000;

export const crawlKey = (id: string) => ['crawl', id] as const;

/** One crawl, refreshed while it runs. A 404 is a state of the page, not a toast. */
export function useCrawl(id: string): { crawl: Crawl | undefined; error: unknown; mutate: KeyedMutator<Crawl> } {
  const trawl = useTrawl();
  const { data, error, mutate } = useSWR(crawlKey(id), () => trawl.crawls.get(id), {
    refreshInterval: (latest) => (latest?.status === 'running' ? RUNNING_REFRESH_MS : 0),
    shouldRetryOnError: isRetryable,
    onError: (err: unknown) => {
      if (!isNotFound(err)) reportFailure('loadCrawl', err);
    },
  });
  return { crawl: data, error, mutate };
}
