import { useSearch } from 'wouter';
import { CrawlsView } from '../../features/crawls/components/crawls-view';
import { useRunCrawl } from '../run-crawl-host';

export function HomeRoute() {
  const { openRunCrawl } = useRunCrawl();
  const folderId = new URLSearchParams(useSearch()).get('folder');
  return (
    <CrawlsView
      key={folderId ?? 'top'}
      folderId={folderId}
      onNewCrawl={() => openRunCrawl(null)}
      onRecrawl={openRunCrawl}
    />
  );
}
