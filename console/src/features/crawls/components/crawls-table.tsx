import type { Crawl, Folder } from '@trawl/sdk';
import { Skeleton } from '../../../components/ui/skeleton';
import { CrawlRow } from './crawl-row';
import { FolderRow } from './folder-row';

const COLUMNS = ['Item', 'Status', 'Results', 'Duration', 'Origin', 'Created at', 'Actions'];

interface CrawlsTableProps {
  crawls: Crawl[] | undefined;
  onRecrawl(crawl: Crawl): void;
  /** Offers each crawl's 'Move to folder' when given. */
  onMove?(crawl: Crawl): void;
  /** Listed above the crawls, with the folder icon. */
  folders?: Folder[];
  /** Rows of placeholders while the first page loads. */
  skeletonRows?: number;
}

export function CrawlsTable({ crawls, onRecrawl, onMove, folders = [], skeletonRows = 6 }: CrawlsTableProps) {
  return (
    <div className="table-wrap">
      <table className="table crawls-table">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={c === 'Actions' ? 'table__actions' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={!crawls}>
          {crawls && folders.map((folder) => <FolderRow key={folder.id} folder={folder} />)}
          {crawls
            ? crawls.map((crawl) => (
                <CrawlRow key={crawl.id} crawl={crawl} onRecrawl={onRecrawl} onMove={onMove} />
              ))
            : Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={i} className="skeleton-row">
                  <td>
                    <Skeleton width="70%" />
                  </td>
                  <td>
                    <Skeleton width={84} height={22} />
                  </td>
                  {[28, 56, 44, 110, 28].map((w, j) => (
                    <td key={j}>
                      <Skeleton width={w} />
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
