import type { CrawlResultPage, ResultChangeStatus } from '@trawl/sdk';
import { useCallback } from 'react';
import useSWR from 'swr';
import { useCrawlReader, type CrawlReader } from '../../../lib/crawl-reader';
import { reportFailure } from '../../../lib/report-failure';

/** SPEC section 9: results page size. */
export const RESULTS_PAGE_SIZE = 21;

interface ResultsQuery {
  /** 1-based, as shown. */
  page: number;
  /** Empty for no search. */
  query: string;
  /** A recrawl's results of one change status; empty for all. */
  changeStatus: ResultChangeStatus | '';
}

/** A page of results; with a query, full-text search (most relevant first) where the reader offers it. */
async function fetchResults(
  reader: CrawlReader,
  id: string,
  { page, query, changeStatus }: ResultsQuery,
): Promise<CrawlResultPage> {
  // Full-text search knows nothing of change statuses: with a status, the plain filter answers.
  if (query && !changeStatus && reader.searchResults) {
    const { crawlResults, total } = await reader.searchResults(id, query, { page, limit: RESULTS_PAGE_SIZE });
    return {
      results: crawlResults,
      page: page - 1,
      totalPages: Math.ceil(total / RESULTS_PAGE_SIZE),
      totalResults: total,
    };
  }
  return reader.resultsPage(id, {
    page: page - 1,
    limit: RESULTS_PAGE_SIZE,
    query: query || undefined,
    changeStatus: changeStatus || undefined,
  });
}

/** Newly arrived results merged into the page shown: sorted by position, capped at the page size; counts never go down. */
export function mergeResultPages(
  current: CrawlResultPage | undefined,
  fresh: CrawlResultPage,
): CrawlResultPage {
  if (!current) return fresh;
  const byId = new Map(current.results.map((r) => [r.id, r]));
  for (const result of fresh.results) byId.set(result.id, result);
  const results = [...byId.values()].sort((a, b) => a.position - b.position).slice(0, RESULTS_PAGE_SIZE);
  return {
    ...fresh,
    results,
    totalResults: Math.max(current.totalResults, fresh.totalResults),
    totalPages: Math.max(current.totalPages, fresh.totalPages),
  };
}

/** One page of a crawl's results; `reloadMerged` fetches it again and merges what arrived. */
export function useCrawlResults(id: string, { page, query, changeStatus }: ResultsQuery) {
  const reader = useCrawlReader();
  const { data, error, isLoading, mutate } = useSWR(
    ['crawl-results', reader.kind, id, page, query, changeStatus],
    () => fetchResults(reader, id, { page, query, changeStatus }),
    {
      keepPreviousData: true,
      onError: (err: unknown) => reportFailure('loadResults', err),
    },
  );
  const reloadMerged = useCallback(
    () =>
      mutate(
        async (current) =>
          mergeResultPages(current, await fetchResults(reader, id, { page, query, changeStatus })),
        { revalidate: false },
      ),
    [mutate, reader, id, page, query, changeStatus],
  );
  return { data, error, isLoading, reloadMerged, reload: mutate };
}
