// Where the crawl result page reads a crawl from: the team's API with the session, or the public try-out's
// endpoints for `?public=true` (SPEC.md section 2), with no credentials.
import type { Crawl, CrawlLogPage, CrawlResultPage, CrawlResultSearch, ResultChangeStatus } from '@trawl/sdk';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { publicTrawl } from './api-client';
import { useTrawl } from './session';

export interface CrawlReader {
  /** `public` for a try-out crawl: no abort, no neighbours, results capped at 15. */
  kind: 'team' | 'public';
  get(id: string): Promise<Crawl>;
  resultsPage(
    id: string,
    query: { page: number; limit: number; query?: string; changeStatus?: ResultChangeStatus },
  ): Promise<CrawlResultPage>;
  logsPage(id: string, query: { page: number; limit: number }): Promise<CrawlLogPage>;
  downloadCsv(id: string): Promise<string>;
  /** Full-text search (team crawls only; the try-out's results are filtered by `resultsPage`'s query). */
  searchResults?(
    id: string,
    query: string,
    paging: { page: number; limit: number },
  ): Promise<CrawlResultSearch>;
  /** Deletes one result (team crawls only). */
  deleteResult?(resultId: string): Promise<void>;
}

const CrawlReaderContext = createContext<CrawlReader | null>(null);

/** Makes the pages below read try-out crawls through the public endpoints. */
export function PublicCrawlReader({ children }: { children: ReactNode }) {
  const reader = useMemo<CrawlReader>(() => {
    const { crawls } = publicTrawl();
    return {
      kind: 'public',
      get: (id) => crawls.get(id),
      resultsPage: (id, query) => crawls.resultsPage(id, query),
      logsPage: (id, query) => crawls.logsPage(id, query),
      downloadCsv: (id) => crawls.downloadCsv(id),
    };
  }, []);
  return <CrawlReaderContext.Provider value={reader}>{children}</CrawlReaderContext.Provider>;
}

/** The reader of the page: the public one under {@link PublicCrawlReader}, else the team's. */
export function useCrawlReader(): CrawlReader {
  const trawl = useTrawl();
  const publicReader = useContext(CrawlReaderContext);
  const teamReader = useMemo<CrawlReader>(
    () => ({
      kind: 'team',
      get: (id) => trawl.crawls.get(id),
      resultsPage: (id, query) => trawl.crawls.resultsPage(id, query),
      logsPage: (id, query) => trawl.crawls.logsPage(id, query),
      downloadCsv: (id) => trawl.crawls.downloadCsv(id),
      searchResults: (id, query, paging) => trawl.crawls.searchResults(id, query, paging),
      deleteResult: (resultId) => trawl.crawls.deleteResult(resultId),
    }),
    [trawl],
  );
  return publicReader ?? teamReader;
}

/** Whether the page shows a try-out crawl (`?public=true`). */
export const useIsPublicCrawl = (): boolean => useContext(CrawlReaderContext)?.kind === 'public';
