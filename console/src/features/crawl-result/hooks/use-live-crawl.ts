import type { Crawl } from '@trawl/sdk';
import type { KeyedMutator } from 'swr';
import { useTeamEvents } from '../../../lib/realtime';

/**
 * Applies the viewed crawl's live events to it without waiting for the 5-second poll: a `CRAWL_EVENT`
 * replaces it (so 'Crawl completed successfully' shows at once), a `CRAWL_RESULT_CREATED_EVENT` raises its
 * result count (which reloads the first page of results).
 */
export function useLiveCrawl(crawlId: string, mutate: KeyedMutator<Crawl>): void {
  useTeamEvents((event) => {
    if (event.crawlId !== crawlId) return;
    if (event.type === 'CRAWL_EVENT') void mutate(event.crawl, { revalidate: false });
    else if (event.type === 'CRAWL_RESULT_CREATED_EVENT')
      void mutate(
        (crawl) => crawl && { ...crawl, numberOfResults: Math.max(crawl.numberOfResults, event.totalCount) },
        { revalidate: false },
      );
  });
}
