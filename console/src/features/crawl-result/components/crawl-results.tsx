import type { Crawl, CrawlResult } from '@trawl/sdk';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { reportFailure } from '../../../lib/report-failure';
import { useDeleteCrawlResult } from '../api/delete-crawl-result';
import { useDownloadCsv } from '../api/download-csv';
import { RESULTS_PAGE_SIZE, useCrawlResults } from '../api/get-crawl-results';
import { useLiveResults } from '../hooks/use-live-results';
import { useMonotonic } from '../hooks/use-monotonic';
import { useResultsView } from '../hooks/use-results-view';
import { CrawlLogsModal } from './crawl-logs-modal';
import { ResultCard } from './result-card';
import { ResultDetailsModal } from './result-details-modal';
import { ReportProblemModal } from './report-problem-modal';
import { ResultsEmptyState } from './results-empty-state';
import { ResultsTable } from './results-table';
import { ResultsToolbar } from './results-toolbar';
import { ChangeFilter, type ChangeFilterValue } from './change-filter';

interface CrawlResultsProps {
  crawl: Crawl;
  onRecrawl(crawl: Crawl): void;
  onNewCrawl(): void;
}

/** The results of a crawl: search, grid or table, pagination, and the Logs and Download CSV actions. */
export function CrawlResults({ crawl, onRecrawl, onNewCrawl }: CrawlResultsProps) {
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [changeStatus, setChangeStatus] = useState<ChangeFilterValue>('');
  const isRecrawl = Boolean(crawl.compareWith || crawl.changes);
  const [expanded, setExpanded] = useState<CrawlResult | null>(null);
  const [logsOpen, setLogsOpen] = useState(false);
  const [reporting, setReporting] = useState<CrawlResult | null>(null);
  const { view, setView, canChoose } = useResultsView();
  const downloadCsv = useDownloadCsv();
  const { data, isLoading, reloadMerged, reload } = useCrawlResults(crawl.id, { page, query, changeStatus });
  const deleteResult = useDeleteCrawlResult();
  const [deletedCount, setDeletedCount] = useState(0);
  const [deleting, setDeleting] = useState<CrawlResult | null>(null);
  // A running crawl numbers new results from its count: results are deleted once it has ended (409 before).
  const canDelete = deleteResult !== undefined && crawl.status !== 'running';
  const confirmDelete = async (result: CrawlResult): Promise<boolean> => {
    if (!deleteResult || !(await deleteResult(result.id))) return false;
    setDeletedCount((n) => n + 1);
    await reload();
    return true;
  };
  useLiveResults(crawl, page === 1 && !query && !changeStatus, reloadMerged);

  const searching = query !== '' || changeStatus !== '';
  // Counts only grow while results arrive; deleting one here is the one way down.
  const liveTotal =
    useMonotonic(Math.max(crawl.numberOfResults, searching ? 0 : (data?.totalResults ?? 0))) - deletedCount;
  const total = searching ? (data?.totalResults ?? 0) : liveTotal;
  const totalPages = Math.max(1, Math.ceil(total / RESULTS_PAGE_SIZE));
  const results = data?.results ?? [];
  const from = (page - 1) * RESULTS_PAGE_SIZE + 1;

  const search = (value: string) => {
    if (value === query) return;
    setQuery(value);
    setPage(1);
  };

  const download = async () => {
    try {
      await downloadCsv(crawl.id);
    } catch (err: unknown) {
      reportFailure('downloadCsv', err);
    }
  };

  return (
    <section className="card results" aria-label="Crawl results">
      <ResultsToolbar
        onSearch={search}
        changeFilter={
          isRecrawl ? (
            <ChangeFilter
              value={changeStatus}
              onChange={(value) => {
                setChangeStatus(value);
                setPage(1);
              }}
            />
          ) : null
        }
        view={view}
        canChooseView={canChoose}
        onViewChange={setView}
        onOpenLogs={() => setLogsOpen(true)}
        onDownloadCsv={download}
      />
      <div className="results__summary" aria-live="polite">
        {searching && data && <span className="results__found">{data.totalResults} result(s) found</span>}
        {results.length > 0 && (
          <span>
            Showing {from}-{from + results.length - 1} of {total} results
            {crawl.extraction?.trim() ? ' (Extracted with AI)' : ''}
          </span>
        )}
      </div>
      <div className="results__body">
        {isLoading && !data ? (
          <div className="results-grid" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="result-card result-card--skeleton">
                <Skeleton width="60%" />
                <Skeleton width="80%" height={18} />
                <Skeleton width="100%" height={60} />
              </div>
            ))}
          </div>
        ) : results.length === 0 ? (
          <ResultsEmptyState
            crawl={crawl}
            searching={searching}
            onRecrawl={onRecrawl}
            onNewCrawl={onNewCrawl}
          />
        ) : view === 'grid' ? (
          <div className="results-grid">
            {results.map((result) => (
              <ResultCard key={result.id} result={result} onExpand={setExpanded} onReport={setReporting} />
            ))}
          </div>
        ) : (
          <ResultsTable
            results={results}
            onExpand={setExpanded}
            onReport={setReporting}
            onDelete={canDelete ? setDeleting : undefined}
          />
        )}
      </div>
      {totalPages > 1 && (
        <div className="card__footer">
          <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Result pages" />
        </div>
      )}
      {expanded && <ResultDetailsModal result={expanded} onClose={() => setExpanded(null)} />}
      {logsOpen && <CrawlLogsModal crawlId={crawl.id} onClose={() => setLogsOpen(false)} />}
      {deleting && (
        <ConfirmModal
          title="Delete result"
          confirmLabel="Delete"
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>
            Delete result {deleting.position}, <strong>{deleting.url}</strong>? It leaves this crawl, its
            search and its CSV. This cannot be undone.
          </p>
        </ConfirmModal>
      )}
      {reporting && (
        <ReportProblemModal
          crawl={crawl}
          result={reporting}
          onClose={() => setReporting(null)}
          onRecrawl={onRecrawl}
        />
      )}
    </section>
  );
}
