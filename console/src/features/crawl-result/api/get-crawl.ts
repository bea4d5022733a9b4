import type { Crawl } from '@trawl/sdk';
import useSWR, { type KeyedMutator } from 'swr';
import { useCrawlReader } from '../../../lib/crawl-reader';
import { isNotFound, isRetryable, reportFailure } from '../../../lib/report-failure';

/** SPEC section 4: a running crawl is refreshed every 5 seconds (live events come sooner, when there are any). */
const RUNNING_REFRESH_MS = 5000;

export const crawlKey = (id: string, kind: 'team' | 'public' = 'team') => ['crawl', kind, id] as const;

/** One crawl, refreshed while it runs. A 404 is a state of the page, not a toast. */
export function useCrawl(id: string): {
  crawl: Crawl | undefined;
  error: unknown;
  mutate: KeyedMutator<Crawl>;
} {
  const reader = useCrawlReader();
  const { data, error, mutate } = useSWR(crawlKey(id, reader.kind), () => reader.get(id), {
    refreshInterval: (latest) => (latest?.status === 'running' ? RUNNING_REFRESH_MS : 0),
    shouldRetryOnError: isRetryable,
    onError: (err: unknown) => {
      if (!isNotFound(err)) reportFailure('loadCrawl', err);
    },
  });
  return { crawl: data, error, mutate };
}
