import type { Crawl, TrawlClient } from '@trawl/sdk';
import useSWR from 'swr';
import { useOptionalProject } from '../../../lib/current-project';
import { useTrawl } from '../../../lib/session';

export interface CrawlNeighbours {
  /** The crawl before this one in the crawl list (newer). */
  previous: Crawl | null;
  /** The crawl after this one in the crawl list (older). */
  next: Crawl | null;
}

const PAGE_SIZE = 100;
/** How far down the list to look; a crawl older than this many has no arrows. */
const MAX_PAGES = 20;

/** Walks the crawl list (newest first) until it finds the crawl, and returns its neighbours. */
async function findNeighbours(trawl: TrawlClient, id: string): Promise<CrawlNeighbours> {
  let before: Crawl | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const batch = await trawl.crawls.list({ page, limit: PAGE_SIZE });
    const index = batch.results.findIndex((c) => c.id === id);
    if (index >= 0) {
      const previous = index > 0 ? batch.results[index - 1]! : before;
      let next = batch.results[index + 1] ?? null;
      if (!next && page + 1 < batch.totalPages)
        next = (await trawl.crawls.list({ page: page + 1, limit: PAGE_SIZE })).results[0] ?? null;
      return { previous, next };
    }
    before = batch.results[batch.results.length - 1] ?? null;
    if (page + 1 >= batch.totalPages) break;
  }
  return { previous: null, next: null };
}

/** The crawls before and after this one in the current project's list; none for a try-out crawl (`enabled` false). */
export function useCrawlNeighbours(id: string, enabled: boolean): CrawlNeighbours {
  const trawl = useTrawl();
  const projectId = useOptionalProject()?.id ?? null;
  const { data } = useSWR(
    enabled ? ['crawls', projectId, 'neighbours', id] : null,
    () => findNeighbours(trawl, id),
    { revalidateOnFocus: false },
  );
  return data ?? { previous: null, next: null };
}
