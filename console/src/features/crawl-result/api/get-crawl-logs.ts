import type { CrawlLog } from '@trawl/sdk';
import useSWRInfinite from 'swr/infinite';
import { useCrawlReader } from '../../../lib/crawl-reader';
import { reportFailure } from '../../../lib/report-failure';

const LOGS_PAGE_SIZE = 100;

/** A crawl's log lines, oldest first, one page more at each `loadMore`. */
export function useCrawlLogs(id: string) {
  const reader = useCrawlReader();
  const { data, error, size, setSize, isLoading, isValidating, mutate } = useSWRInfinite(
    (index: number) => ['crawl-logs', reader.kind, id, index] as const,
    ([, , crawlId, index]) => reader.logsPage(crawlId, { page: index, limit: LOGS_PAGE_SIZE }),
    { revalidateFirstPage: false, onError: (err: unknown) => reportFailure('loadLogs', err) },
  );
  const logs: CrawlLog[] = data?.flatMap((page) => page.results) ?? [];
  const totalPages = data?.[data.length - 1]?.totalPages ?? 0;
  return {
    logs,
    error,
    isLoading,
    isLoadingMore: isValidating && size > (data?.length ?? 0),
    hasMore: size < totalPages,
    loadMore: () => void setSize(size + 1),
    /** Reads the loaded pages again, for log lines that arrived since. */
    reload: () => void mutate(),
  };
}
