import type { CrawlPage } from '@trawl/sdk';
import useSWR, { type KeyedMutator } from 'swr';
import { useProjects } from '../../../lib/current-project';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

/** SPEC section 9: crawl list page size. */
export const CRAWLS_PAGE_SIZE = 15;
/** Refresh interval of a page that holds a running crawl. */
const RUNNING_REFRESH_MS = 5000;

interface CrawlsQuery {
  /** 1-based, as shown; the API's pages are 0-based. */
  page: number;
  query: string;
  /** A folder's crawls; null for those in no folder; undefined for every crawl (a search). */
  parentId?: string | null;
}

export interface UseCrawls {
  data: CrawlPage | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: KeyedMutator<CrawlPage>;
  /** The project the list is of. */
  projectId: string;
}

/** One page of the current project's crawls, newest first, refreshed every 5 seconds while any crawl on it runs. */
export function useCrawls({ page, query, parentId }: CrawlsQuery): UseCrawls {
  const trawl = useTrawl();
  const projectId = useProjects().current.id;
  const { data, error, isLoading, mutate } = useSWR(
    // The project is in the key: switching projects shows the other list at once, never this one's.
    ['crawls', projectId, page, query, parentId],
    async (): Promise<CrawlPage> => {
      if (!query) return trawl.crawls.list({ page: page - 1, limit: CRAWLS_PAGE_SIZE, parentId });
      // SPEC.md section 7: the crawl search, by start URL or crawl ID (1-based pages), across folders.
      const found = await trawl.crawls.search(query, { page, limit: CRAWLS_PAGE_SIZE });
      return { ...found, page: found.page - 1 };
    },
    {
      refreshInterval: (latest) =>
        latest?.results.some((c) => c.status === 'running') ? RUNNING_REFRESH_MS : 0,
      onError: (err: unknown) => reportFailure('loadCrawls', err),
    },
  );
  return { data, error, isLoading, mutate, projectId };
}

/**
 * The user's recent searches, offered as suggestions, and `record` to add one. On error the list is empty
 * (SPEC.md section 7): suggestions are a convenience, not worth a toast.
 */
export function useSearchHistory(): { suggestions: string[]; record(query: string): void } {
  const trawl = useTrawl();
  const { data, mutate } = useSWR(
    'search-history',
    () =>
      trawl.crawls.searchHistory().catch((err: unknown) => {
        console.warn('Loading the search history failed', err);
        return [];
      }),
    { revalidateOnFocus: false },
  );
  const record = (query: string) => {
    void trawl.crawls.searchHistory(query).then(
      (history) => mutate(history, { revalidate: false }),
      (err: unknown) => console.warn('Recording the search failed', err),
    );
  };
  return { suggestions: (data ?? []).map((h) => h.query), record };
}
