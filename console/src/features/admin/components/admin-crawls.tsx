import { useState } from 'react';
import useSWR from 'swr';
import { CrawlOrigin } from '../../../components/crawl/crawl-origin';
import { CrawlStatusBadge } from '../../../components/crawl/crawl-status-badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SearchIcon } from '../../../components/ui/icons';
import { Pagination } from '../../../components/ui/pagination';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime } from '../../../lib/dates';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';
import { displayUrl } from '../../../lib/urls';

const PAGE_SIZE = 15;

/** /admin/crawl: every team's crawls, newest first, with search and pages. */
export function AdminCrawlsView() {
  const trawl = useTrawl();
  const [page, setPage] = useState(1);
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const { data, error, mutate } = useSWR(
    ['admin-crawls', page, query],
    () => trawl.admin.crawls({ page: page - 1, limit: PAGE_SIZE, query: query || undefined }),
    { keepPreviousData: true, onError: (err: unknown) => reportFailure('loadAdmin', err) },
  );

  return (
    <section className="card" aria-label="Every team's crawls">
      <div className="card__toolbar">
        <SearchInput
          value={input}
          onChange={setInput}
          onSearch={(value) => {
            setQuery(value);
            setPage(1);
          }}
          onClear={() => {
            setQuery('');
            setPage(1);
          }}
          placeholder="Search URL, crawl ID or team ID"
          label="Search URL, crawl ID or team ID"
        />
        {data && (
          <span className="card__count">
            {data.totalResults === 1 ? '1 crawl' : `${data.totalResults} crawls`}
          </span>
        )}
      </div>
      {error && !data ? (
        <EmptyState
          tone="danger"
          title="Crawls could not be loaded"
          actions={<Button onClick={() => void mutate()}>Try again</Button>}
        />
      ) : data && data.totalResults === 0 ? (
        <EmptyState
          icon={<SearchIcon />}
          title="No results found"
          description={query ? `No crawl matches “${query}”.` : 'No team has crawled yet.'}
        />
      ) : (
        <div className="table-wrap">
          <table className="table admin-crawls-table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Team</th>
                <th scope="col">Status</th>
                <th scope="col">Results</th>
                <th scope="col">Origin</th>
                <th scope="col">Created at</th>
              </tr>
            </thead>
            <tbody aria-busy={!data}>
              {data
                ? data.results.map((crawl) => (
                    <tr key={crawl.id}>
                      <td>
                        <div className="crawl-row__text">
                          <span className="crawl-row__url" title={crawl.startUrls[0]}>
                            {displayUrl(crawl.startUrls[0] ?? '')}
                          </span>
                          <code className="admin-crawls-table__id">{crawl.id}</code>
                        </div>
                      </td>
                      <td>
                        <div className="crawl-row__text">
                          <span>{crawl.teamName}</span>
                          <code className="admin-crawls-table__id">{crawl.teamId}</code>
                        </div>
                      </td>
                      <td>
                        <CrawlStatusBadge status={crawl.status} />
                      </td>
                      <td className="tabular">{crawl.numberOfResults}</td>
                      <td>
                        <CrawlOrigin origin={crawl.origin} />
                      </td>
                      <td className="crawl-row__date">{formatDateTime(crawl.createdAt)}</td>
                    </tr>
                  ))
                : Array.from({ length: 5 }, (_, i) => (
                    <tr key={i} className="skeleton-row">
                      {[200, 120, 84, 28, 44, 110].map((w, j) => (
                        <td key={j}>
                          <Skeleton width={w} />
                        </td>
                      ))}
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.totalPages > 1 && (
        <div className="card__footer">
          <Pagination page={page} totalPages={data.totalPages} onChange={setPage} label="Crawl pages" />
        </div>
      )}
    </section>
  );
}
