import type { Crawl } from '@trawl/sdk';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import {
  ChevronLeftIcon,
  FolderIcon,
  GlobeIcon,
  PlusIcon,
  SearchIcon,
  TrashIcon,
} from '../../../components/ui/icons';
import { Pagination } from '../../../components/ui/pagination';
import { SearchInput } from '../../../components/ui/search-input';
import { DashboardTiles } from './dashboard-tiles';
import { useCrawls, useSearchHistory } from '../api/get-crawls';
import { Link, useLocation } from 'wouter';
import { useFolders } from '../api/get-folders';
import { FolderModal } from './folder-modal';
import { MoveCrawlModal } from './move-crawl-modal';
import { useLiveCrawls } from '../hooks/use-live-crawls';
import { CrawlsTable } from './crawls-table';
import { toast } from '../../../components/ui/toast/toast-store';
import { reportFailure } from '../../../lib/report-failure';
import { useTrawl } from '../../../lib/session';

interface CrawlsViewProps {
  onNewCrawl(): void;
  onRecrawl(crawl: Crawl): void;
  /** The open folder, or null for the top of the project. */
  folderId?: string | null;
}

/** The Home screen: the crawl list with its search, pagination and empty states. */
export function CrawlsView({ onNewCrawl, onRecrawl, folderId = null }: CrawlsViewProps) {
  const [page, setPage] = useState(1);
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [creatingFolder, setCreatingFolder] = useState(false);
  const [renamingFolder, setRenamingFolder] = useState(false);
  const [deletingFolder, setDeletingFolder] = useState(false);
  const [moving, setMoving] = useState<Crawl | null>(null);
  const trawl = useTrawl();
  const [, navigate] = useLocation();
  const { folders, mutate: mutateFolders } = useFolders();
  const folder = folderId ? folders?.find((f) => f.id === folderId) : undefined;
  // The top of the project lists its folders and the crawls in none; a search looks through every crawl.
  const crawls = useCrawls({ page, query, parentId: query ? undefined : folderId });
  const { data, error, mutate } = crawls;
  useLiveCrawls(crawls, page === 1 && !query);
  const history = useSearchHistory();

  const search = (value: string) => {
    setQuery(value);
    setPage(1);
    if (value) history.record(value);
  };
  const clear = () => {
    setQuery('');
    setPage(1);
    void mutate();
  };

  const deleteFolder = async (): Promise<boolean> => {
    if (!folder) return false;
    try {
      await trawl.folders.delete(folder.id);
    } catch (err: unknown) {
      reportFailure('deleteFolder', err);
      return false;
    }
    toast.success('Folder deleted');
    await mutateFolders();
    navigate('/home');
    return true;
  };

  const shownFolders = !folderId && !query && page === 1 ? (folders ?? []) : [];
  const isEmpty = data && data.totalResults === 0 && !query && !folderId && folders?.length === 0;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          {folderId ? (
            <>
              <Link href="/home" className="folder-back">
                <ChevronLeftIcon />
                Crawls
              </Link>
              <h1 className="page-header__title folder-title">
                <FolderIcon />
                {folder?.name ?? 'Folder'}
              </h1>
            </>
          ) : (
            <>
              <h1 className="page-header__title">Crawls</h1>
              <p className="page-header__subtitle">
                Crawl any website into clean markdown, then read, search and download the results.
              </p>
            </>
          )}
        </div>
        <div className="page-header__actions">
          {!folderId && (
            <Button variant="ghost" icon={<FolderIcon />} onClick={() => setCreatingFolder(true)}>
              New folder
            </Button>
          )}
          {folder && (
            <>
              <Button variant="ghost" onClick={() => setRenamingFolder(true)}>
                Rename
              </Button>
              <Button variant="ghost" icon={<TrashIcon />} onClick={() => setDeletingFolder(true)}>
                Delete folder
              </Button>
            </>
          )}
          <Button variant="primary" icon={<PlusIcon />} onClick={onNewCrawl}>
            Add crawl
          </Button>
        </div>
      </header>

      <DashboardTiles />

      {isEmpty ? (
        <div className="card">
          <EmptyState
            icon={<GlobeIcon />}
            title="Welcome! Let's start crawling"
            description="Give Trawl a start URL and it turns the pages it finds into clean markdown."
            actions={
              <Button variant="primary" icon={<PlusIcon />} onClick={onNewCrawl}>
                Run crawl
              </Button>
            }
          />
        </div>
      ) : (
        <section className="card" aria-label="Crawl list">
          <div className="card__toolbar">
            <SearchInput
              value={input}
              onChange={setInput}
              onSearch={search}
              onClear={clear}
              placeholder="Search URL or crawl ID"
              label="Search URL or crawl ID"
              suggestions={history.suggestions}
            />
            {data && (
              <span className="card__count">
                {data.totalResults === 1 ? '1 crawl' : `${data.totalResults} crawls`}
              </span>
            )}
          </div>
          {data && data.totalResults === 0 && shownFolders.length === 0 ? (
            <EmptyState
              icon={<SearchIcon />}
              title="No results found"
              description={query ? `No crawl matches “${query}”.` : 'This folder holds no crawls yet.'}
            />
          ) : error && !data ? (
            <EmptyState
              title="Crawls could not be loaded"
              tone="danger"
              actions={<Button onClick={() => void mutate()}>Try again</Button>}
            />
          ) : (
            <CrawlsTable
              crawls={data?.results}
              onRecrawl={onRecrawl}
              onMove={folders && folders.length > 0 ? setMoving : undefined}
              folders={shownFolders}
            />
          )}
          {data && data.totalPages > 1 && (
            <div className="card__footer">
              <Pagination
                page={page}
                totalPages={data.totalPages}
                onChange={setPage}
                label="Crawl list pages"
              />
            </div>
          )}
        </section>
      )}
      {creatingFolder && (
        <FolderModal onClose={() => setCreatingFolder(false)} onSaved={() => void mutateFolders()} />
      )}
      {renamingFolder && folder && (
        <FolderModal
          folder={folder}
          onClose={() => setRenamingFolder(false)}
          onSaved={() => void mutateFolders()}
        />
      )}
      {deletingFolder && folder && (
        <ConfirmModal
          title="Delete folder"
          confirmLabel="Delete folder"
          onConfirm={deleteFolder}
          onClose={() => setDeletingFolder(false)}
        >
          <p>
            Delete the folder <strong>{folder.name}</strong>?{' '}
            {folder.crawlCount === 0
              ? 'It holds no crawls.'
              : `Its ${folder.crawlCount === 1 ? 'crawl moves' : `${folder.crawlCount} crawls move`} back to the top of the project; no crawl is deleted.`}
          </p>
        </ConfirmModal>
      )}
      {moving && folders && (
        <MoveCrawlModal
          crawl={moving}
          folders={folders}
          onClose={() => setMoving(null)}
          onMoved={() => {
            void mutate();
            void mutateFolders();
          }}
        />
      )}
    </div>
  );
}
