import type { Folder } from '@trawl/sdk';
import { Link, useLocation } from 'wouter';
import { FolderIcon } from '../../../components/ui/icons';
import { formatDateTime } from '../../../lib/dates';

/** A folder in the crawl list: the folder icon, its name and how many crawls it holds; the row opens it. */
export function FolderRow({ folder }: { folder: Folder }) {
  const [, navigate] = useLocation();
  const href = `/home?folder=${folder.id}`;
  return (
    <tr className="crawl-row folder-row" onClick={() => navigate(href)}>
      <td>
        <div className="crawl-row__item">
          <span className="crawl-type-icon crawl-type-icon--folder" title="Folder">
            <FolderIcon />
            <span className="visually-hidden">Folder</span>
          </span>
          <div className="crawl-row__text">
            <Link href={href} className="crawl-row__url" onClick={(e) => e.stopPropagation()}>
              {folder.name}
            </Link>
          </div>
        </div>
      </td>
      <td>
        <span className="muted">Folder</span>
      </td>
      <td className="tabular">{folder.crawlCount === 1 ? '1 crawl' : `${folder.crawlCount} crawls`}</td>
      <td />
      <td />
      <td className="crawl-row__date">{formatDateTime(folder.createdAt)}</td>
      <td />
    </tr>
  );
}
