import type { Crawl } from '@trawl/sdk';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import {
  AlertIcon,
  FileSearchIcon,
  PlusIcon,
  RefreshIcon,
  SearchIcon,
  StopIcon,
} from '../../../components/ui/icons';
import { CrawlProgress } from './crawl-progress';

interface ResultsEmptyStateProps {
  crawl: Crawl;
  searching: boolean;
  onRecrawl(crawl: Crawl): void;
  onNewCrawl(): void;
}

/** What the results area shows when there are no results to list. */
export function ResultsEmptyState({ crawl, searching, onRecrawl, onNewCrawl }: ResultsEmptyStateProps) {
  if (searching)
    return (
      <EmptyState
        icon={<SearchIcon />}
        title="No results found"
        description="Try another word, or clear the search."
      />
    );
  if (crawl.status === 'running') return <CrawlProgress />;
  if (crawl.status === 'failed' || crawl.status === 'error') {
    return (
      <EmptyState
        tone="danger"
        icon={<AlertIcon />}
        title="Crawl failed"
        description="There was an error while crawling the website."
        actions={
          <>
            <Button icon={<RefreshIcon />} onClick={() => onRecrawl(crawl)}>
              Recrawl
            </Button>
            <Button variant="primary" icon={<PlusIcon />} onClick={onNewCrawl}>
              New crawl
            </Button>
          </>
        }
      />
    );
  }
  if (crawl.status === 'aborted') {
    return (
      <EmptyState
        tone="danger"
        icon={<StopIcon />}
        title="Crawl aborted"
        description="The crawl was aborted with no results."
      />
    );
  }
  return (
    <EmptyState
      icon={<FileSearchIcon />}
      title="No results"
      description="The crawl ended without storing any page. Check the logs, or recrawl with other settings."
      actions={
        <Button icon={<RefreshIcon />} onClick={() => onRecrawl(crawl)}>
          Recrawl
        </Button>
      }
    />
  );
}
