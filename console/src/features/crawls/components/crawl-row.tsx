import type { Crawl } from '@trawl/sdk';
import { Link, useLocation } from 'wouter';
import { CrawlDuration } from '../../../components/crawl/crawl-duration';
import { CrawlOrigin } from '../../../components/crawl/crawl-origin';
import { CrawlStatusBadge } from '../../../components/crawl/crawl-status-badge';
import { CrawlTypeIcon } from '../../../components/crawl/crawl-type-icon';
import { FolderIcon, RefreshIcon } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { formatDateTime } from '../../../lib/dates';
import { displayUrl } from '../../../lib/urls';

interface CrawlRowProps {
  crawl: Crawl;
  onRecrawl(crawl: Crawl): void;
  /** Offers 'Move to folder' when given. */
  onMove?(crawl: Crawl): void;
}

/** One crawl; the whole row opens its results. */
export function CrawlRow({ crawl, onRecrawl, onMove }: CrawlRowProps) {
  const [, navigate] = useLocation();
  const href = `/crawl-result/${crawl.id}`;
  const url = crawl.startUrls[0] ?? '';
  return (
    <tr className="crawl-row" onClick={() => navigate(href)}>
      <td>
        <div className="crawl-row__item">
          <CrawlTypeIcon crawl={crawl} />
          <div className="crawl-row__text">
            <Link href={href} className="crawl-row__url" onClick={(e) => e.stopPropagation()} title={url}>
              {displayUrl(url)}
            </Link>
            {crawl.title && <span className="crawl-row__title">{crawl.title}</span>}
          </div>
        </div>
      </td>
      <td>
        <CrawlStatusBadge status={crawl.status} />
      </td>
      <td className="tabular">{crawl.numberOfResults}</td>
      <td>
        <CrawlDuration crawl={crawl} />
      </td>
      <td>
        <CrawlOrigin origin={crawl.origin} />
      </td>
      <td className="crawl-row__date">{formatDateTime(crawl.createdAt)}</td>
      <td className="crawl-row__actions">
        <Tooltip content="Recrawl">
          <button
            type="button"
            className="icon-button icon-button--md"
            aria-label={`Recrawl ${displayUrl(url)}`}
            onClick={(e) => {
              e.stopPropagation();
              onRecrawl(crawl);
            }}
          >
            <RefreshIcon />
          </button>
        </Tooltip>
        {onMove && (
          <Tooltip content="Move to folder">
            <button
              type="button"
              className="icon-button icon-button--md"
              aria-label={`Move ${displayUrl(url)} to a folder`}
              onClick={(e) => {
                e.stopPropagation();
                onMove(crawl);
              }}
            >
              <FolderIcon />
            </button>
          </Tooltip>
        )}
      </td>
    </tr>
  );
}
