import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DownloadIcon, GridIcon, LogsIcon, TableIcon } from '../../../components/ui/icons';
import { SearchInput } from '../../../components/ui/search-input';
import type { ResultsView } from '../hooks/use-results-view';

interface ResultsToolbarProps {
  onSearch(query: string): void;
  /** A recrawl's change status filter, beside the search. */
  changeFilter?: ReactNode;
  view: ResultsView;
  canChooseView: boolean;
  onViewChange(view: ResultsView): void;
  onOpenLogs(): void;
  onDownloadCsv(): Promise<void>;
}

/** Search, Logs, Download CSV and the grid/table switch. */
export function ResultsToolbar({
  onSearch,
  changeFilter,
  view,
  canChooseView,
  onViewChange,
  onOpenLogs,
  onDownloadCsv,
}: ResultsToolbarProps) {
  const [input, setInput] = useState('');
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    await onDownloadCsv().finally(() => setDownloading(false));
  };

  return (
    <div className="card__toolbar results-toolbar">
      <SearchInput
        value={input}
        onChange={(value) => {
          setInput(value);
          if (!value.trim()) onSearch('');
        }}
        onSearch={onSearch}
        placeholder="Search results"
        label="Search results"
      />
      {changeFilter}
      <div className="results-toolbar__actions">
        <Button size="sm" className="hide-mobile" icon={<LogsIcon />} onClick={onOpenLogs}>
          Logs
        </Button>
        <Button
          size="sm"
          className="hide-mobile"
          icon={<DownloadIcon />}
          loading={downloading}
          onClick={download}
        >
          Download CSV
        </Button>
        {canChooseView && (
          <div className="view-toggle" role="group" aria-label="Results view">
            <button
              type="button"
              className="view-toggle__option"
              aria-label="Grid view"
              aria-pressed={view === 'grid'}
              onClick={() => onViewChange('grid')}
            >
              <GridIcon />
            </button>
            <button
              type="button"
              className="view-toggle__option"
              aria-label="Table view"
              aria-pressed={view === 'table'}
              onClick={() => onViewChange('table')}
            >
              <TableIcon />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
