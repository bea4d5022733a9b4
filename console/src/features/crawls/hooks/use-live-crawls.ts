import type { CrawlPage } from '@trawl/sdk';
import type { KeyedMutator } from 'swr';
import { useTeamEvents } from '../../../lib/realtime';
import { useThrottled } from '../../../lib/use-throttled';

/**
 * Keeps Home's list live from the team's events, without waiting for the 5-second poll: a crawl on the page
 * is replaced by the state its `CRAWL_EVENT` carries and counts its `CRAWL_RESULT_CREATED_EVENT`s; a new crawl
 * of this project reloads the first page (where the newest crawls are).
 */
export function useLiveCrawls(
  {
    data,
    mutate,
    projectId,
  }: { data: CrawlPage | undefined; mutate: KeyedMutator<CrawlPage>; projectId: string },
  showsNewest: boolean,
): void {
  const reload = useThrottled(() => void mutate(), 1000);
  useTeamEvents((event) => {
    if (!data || event.type === 'SUBSCRIPTION_CHANGED_EVENT') return;
    const listed = data.results.some((c) => c.id === event.crawlId);
    if (event.type === 'CRAWL_EVENT') {
      if (listed)
        void mutate(
          (page) =>
            page && { ...page, results: page.results.map((c) => (c.id === event.crawlId ? event.crawl : c)) },
          { revalidate: false },
        );
      else if (showsNewest && event.crawl.projectId === projectId) reload();
    } else if (event.type === 'CRAWL_RESULT_CREATED_EVENT' && listed) {
      void mutate(
        (page) =>
          page && {
            ...page,
            results: page.results.map((c) =>
              c.id === event.crawlId
                ? { ...c, numberOfResults: Math.max(c.numberOfResults, event.totalCount) }
                : c,
            ),
          },
        { revalidate: false },
      );
    }
  });
}
